import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

/**
 * Two-factor sign-in (TOTP, RFC 6238). A member's row in two_factor exists only once they have
 * confirmed it with a code; last_used_step is the time step of the last code accepted, so that
 * a code is never accepted twice. Recovery codes are kept hashed, each usable once. A sign-in
 * that passed the password and waits for the code is a two_factor_challenges row (its id is
 * the hash of the token in the browser's cookie), never a session. two_factor_resets records
 * which admin reset a member's two-factor sign-in, and when.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (col) => col.notNull())
    .addColumn("last_used_step", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("enabled_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("two_factor_recovery_codes")
    .addColumn("id", ...idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("two_factor_recovery_codes_user").on("two_factor_recovery_codes").columns(["user_id", "code_hash"]).execute();

  await db.schema
    .createTable("two_factor_challenges")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("redirect_to", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("two_factor_challenges_expires").on("two_factor_challenges").column("expires_at").execute();

  await db.schema
    .createTable("two_factor_resets")
    .addColumn("id", ...idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("admin_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("two_factor_resets_user").on("two_factor_resets").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("two_factor_resets").execute();
  await db.schema.dropTable("two_factor_challenges").execute();
  await db.schema.dropTable("two_factor_recovery_codes").execute();
  await db.schema.dropTable("two_factor").execute();
}
