import { type Kysely, sql } from "kysely";

/** One live ticket of a type per member and event: a double click, or two tabs buying at the
 * same moment, cannot hold two seats for the same member (cancelled tickets do not count). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("tickets_one_live_per_holder")
    .on("tickets")
    .columns(["event_id", "holder_id", "ticket_type"])
    .unique()
    .where(sql<boolean>`holder_id is not null and status <> 'cancelled'`)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("tickets_one_live_per_holder").execute();
}
