import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

/**
 * Visitors a member brought to an event: a name, an e-mail and a business, for the door's
 * check-in page and the chapter report. Inviting a visitor to join copies them into the
 * member's contacts (`contact_id`), so the existing invitation e-mail does the rest.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("visitors")
    .addColumn("id", ...idColumn(db))
    .addColumn("event_id", "integer", (col) => col.notNull().references("events.id").onDelete("cascade"))
    .addColumn("brought_by_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("business", "text")
    .addColumn("contact_id", "integer", (col) => col.references("contacts.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("visitors_event").on("visitors").columns(["event_id", "id"]).execute();
  await db.schema.createIndex("visitors_brought_by").on("visitors").columns(["brought_by_id", "created_at"]).execute();
  await db.schema.createIndex("visitors_created_at").on("visitors").column("created_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("visitors").execute();
}
