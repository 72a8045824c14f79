import type { Kysely } from "kysely";

/** A calendar group's occurrences deleted one at a time ("2026-12-06,2026-12-13": the dates the
 * series skips, as a feed's EXDATE), and the date its first occurrence ends on when that is a
 * later day than it starts (a two-day fair, SPEC.md §3's end date); null: the same day. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("calendar_tasks").addColumn("skipped_dates", "text").execute();
  await db.schema.alterTable("calendar_tasks").addColumn("end_date", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("calendar_tasks").dropColumn("end_date").execute();
  await db.schema.alterTable("calendar_tasks").dropColumn("skipped_dates").execute();
}
