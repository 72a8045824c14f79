import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("contacts")
    .addColumn("id", ...idColumn(db))
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("country", "text")
    .addColumn("province", "text")
    .addColumn("city", "text")
    .addColumn("occupation", "text")
    .addColumn("meet_place", "text")
    .addColumn("is_important", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("profile_image_id", "integer", (col) => col.references("files.id").onDelete("set null"))
    .addColumn("company", "text")
    .addColumn("business_type", "text")
    .addColumn("industry", "text")
    .addColumn("website", "text")
    .addColumn("address", "text")
    .addColumn("business_description", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("contacts_owner_name").on("contacts").columns(["owner_id", "name"]).execute();
  await db.schema.createIndex("contacts_owner_created").on("contacts").columns(["owner_id", "created_at"]).execute();
  await db.schema.createIndex("contacts_owner_email").on("contacts").columns(["owner_id", "email"]).execute();
  await db.schema.createIndex("contacts_owner_phone").on("contacts").columns(["owner_id", "phone"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("contacts").execute();
}
