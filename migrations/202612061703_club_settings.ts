import { type Kysely, sql } from "kysely";

/** The club's own settings, set by an admin in the app: one row (id 1). A null column is unset,
 * and the environment's value (or the built-in default) applies. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("club_settings")
    .addColumn("id", "integer", (col) => col.primaryKey().check(sql`id = 1`))
    .addColumn("name", "text")
    .addColumn("time_zone", "text")
    .addColumn("currency", "text")
    .addColumn("bank_account_name", "text")
    .addColumn("bank_name", "text")
    .addColumn("bank_iban", "text")
    .addColumn("bank_bic", "text")
    .addColumn("bank_instructions", "text")
    /** JSON: package id → what it includes, one item a line. */
    .addColumn("package_includes", "text")
    /** When the first admin was led to the club's page after signing up (once). */
    .addColumn("setup_shown_at", "text")
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("club_settings").execute();
}
