import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("contact_labels")
    .addColumn("id", ...idColumn(db))
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("contact_labels_owner_name", ["owner_id", "name"])
    .execute();
  await db.schema
    .createTable("contact_label_assignments")
    .addColumn("contact_id", "integer", (col) => col.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("label_id", "integer", (col) => col.notNull().references("contact_labels.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("contact_label_assignments_pk", ["contact_id", "label_id"])
    .execute();
  await db.schema.createIndex("contact_label_assignments_label").on("contact_label_assignments").column("label_id").execute();
  for (const column of ["real_estate_category", "other_category", "chapter_head"]) {
    await db.schema.alterTable("contacts").addColumn(column, "text").execute();
  }
}

export async function down(db: Kysely<any>) {
  for (const column of ["chapter_head", "other_category", "real_estate_category"]) {
    await db.schema.alterTable("contacts").dropColumn(column).execute();
  }
  await db.schema.dropTable("contact_label_assignments").execute();
  await db.schema.dropTable("contact_labels").execute();
}
