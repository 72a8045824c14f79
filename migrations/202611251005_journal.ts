import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

/** A member's journal (SPEC.md §1 "journals per date", §3 Journal): one entry per member per
 * calendar date ("YYYY-MM-DD", the member's own day), its text and when it was first and last
 * saved (ISO UTC instants). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("journal_entries")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("text", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("journal_entries_member_date", ["member_id", "date"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("journal_entries").execute();
}
