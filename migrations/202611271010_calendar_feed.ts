import type { Kysely } from "kysely";

/** A member's private calendar feed address: only a SHA-256 of its random token is kept, so a
 * copy of the database does not give the address away; resetting replaces it. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("calendar_feed_hash", "text").execute();
  await db.schema.createIndex("users_calendar_feed_hash").unique().on("users").column("calendar_feed_hash").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("users_calendar_feed_hash").execute();
  await db.schema.alterTable("users").dropColumn("calendar_feed_hash").execute();
}
