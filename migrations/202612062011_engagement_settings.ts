import { type Kysely, sql } from "kysely";

/**
 * The engagement lights' points and thresholds, set by an admin: one row (id 1). A null
 * column is unset and the built-in default applies.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("engagement_settings")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("attendance_points", "integer")
    .addColumn("referral_points", "integer")
    .addColumn("one_to_one_points", "integer")
    .addColumn("visitor_points", "integer")
    /** Points for each whole 1,000 of the club's currency given as thank-yous. */
    .addColumn("thanks_points", "integer")
    .addColumn("green_from", "integer")
    .addColumn("amber_from", "integer")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("engagement_settings").execute();
}
