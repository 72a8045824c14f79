import type { Kysely } from "kysely";

/** An event's start and end as UTC instants, worked out from its wall-clock times and time
 * zone when it is saved, so that "upcoming" and "past" are one indexed comparison. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("events").addColumn("starts_at_utc", "text").execute();
  await db.schema.alterTable("events").addColumn("ends_at_utc", "text").execute();
  await db.schema.createIndex("events_ends_utc").on("events").columns(["ends_at_utc"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("events_ends_utc").execute();
  await db.schema.alterTable("events").dropColumn("ends_at_utc").execute();
  await db.schema.alterTable("events").dropColumn("starts_at_utc").execute();
}
