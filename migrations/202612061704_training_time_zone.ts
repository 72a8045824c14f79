import type { Kysely } from "kysely";

/** A training's time zone, as an event has one: its date and start time are that zone's wall
 * clock. Trainings saved before it have none and keep reading in the club's zone. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("trainings").addColumn("time_zone", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("trainings").dropColumn("time_zone").execute();
}
