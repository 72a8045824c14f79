import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

/** A contact's business cards (SPEC.md §3): the uploaded original, the 3:2 crop made from it,
 * and the crop rectangle in the original's pixels. Cards go with the contact or a file. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("business_cards")
    .addColumn("id", ...idColumn(db))
    .addColumn("contact_id", "integer", (col) => col.notNull().references("contacts.id").onDelete("cascade"))
    .addColumn("original_file_id", "integer", (col) => col.notNull().unique().references("files.id").onDelete("cascade"))
    .addColumn("cropped_file_id", "integer", (col) => col.notNull().unique().references("files.id").onDelete("cascade"))
    .addColumn("crop_x", "integer", (col) => col.notNull())
    .addColumn("crop_y", "integer", (col) => col.notNull())
    .addColumn("crop_width", "integer", (col) => col.notNull())
    .addColumn("crop_height", "integer", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("business_cards_contact").on("business_cards").column("contact_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("business_cards").execute();
}
