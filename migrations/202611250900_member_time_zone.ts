import type { Kysely } from "kysely";

// The zone a member reads times in ("Europe/Berlin"); null: the club's (CLUB_TIME_ZONE).
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("time_zone", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("users").dropColumn("time_zone").execute();
}
