import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** A contact's videos and documents (SPEC.md §2 video list dialog, document modal): each is one
 * uploaded file, and goes with the contact or with the file. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("contact_files")
    .addColumn("id", ...idColumn(db))
    .addColumn("contact_id", "integer", (col) => col.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (col) => col.notNull().unique().references("files.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('video', 'document')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("contact_files_contact").on("contact_files").columns(["contact_id", "kind"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("contact_files").execute();
}
