import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** Contact imports from a CSV or vCard file (SPEC.md §2 file import modal): the import, its
 * parsed rows while the member checks the column mapping, its counts and problems once done,
 * and per contact what it did (created, or which fields it filled in) so that it can be undone. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("contact_imports")
    .addColumn("id", ...idColumn(db))
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("file_name", "text", (col) => col.notNull())
    .addColumn("format", "text", (col) => col.notNull().check(sql`format in ('csv', 'vcard')`))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'done', 'undone')`))
    .addColumn("headers_json", "text", (col) => col.notNull())
    .addColumn("preview_json", "text", (col) => col.notNull())
    // Every data row while pending; emptied once imported.
    .addColumn("rows_json", "text")
    .addColumn("row_count", "integer", (col) => col.notNull())
    .addColumn("duplicates", "text")
    .addColumn("imported_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("skipped_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("rejected_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("problems_json", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("imported_at", "text")
    .addColumn("undone_at", "text")
    .execute();
  await db.schema.createIndex("contact_imports_owner").on("contact_imports").columns(["owner_id", "created_at"]).execute();
  await db.schema
    .createTable("contact_import_rows")
    .addColumn("id", ...idColumn(db))
    .addColumn("import_id", "integer", (col) => col.notNull().references("contact_imports.id").onDelete("cascade"))
    .addColumn("contact_id", "integer", (col) => col.references("contacts.id").onDelete("set null"))
    .addColumn("action", "text", (col) => col.notNull().check(sql`action in ('created', 'merged')`))
    // For merged contacts: {field: value before the import} and {field: value the import set}.
    .addColumn("previous_json", "text")
    .addColumn("applied_json", "text")
    .execute();
  await db.schema.createIndex("contact_import_rows_import").on("contact_import_rows").column("import_id").execute();
  await db.schema.createIndex("contact_import_rows_contact").on("contact_import_rows").column("contact_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("contact_import_rows").execute();
  await db.schema.dropTable("contact_imports").execute();
}
