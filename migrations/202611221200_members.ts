import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("users")
    .addColumn("id", ...idColumn(db))
    .addColumn("email", "text", (col) => col.notNull().unique())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("role", "text", (col) => col.notNull().defaultTo("member"))
    .addColumn("member_type", "text", (col) => col.notNull())
    .addColumn("occupation", "text")
    .addColumn("industry", "text")
    .addColumn("business", "text")
    .addColumn("business_type", "text")
    .addColumn("country", "text")
    .addColumn("province", "text")
    .addColumn("city", "text")
    .addColumn("looking_for", "text")
    .addColumn("disabled_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("user_agent", "text")
    .addColumn("ip", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_seen_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("password_resets")
    .addColumn("id", ...idColumn(db))
    .addColumn("user_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema.createIndex("password_resets_user_id").on("password_resets").column("user_id").execute();

  await db.schema
    .createTable("sign_in_failures")
    .addColumn("id", ...idColumn(db))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("ip", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex("sign_in_failures_email")
    .on("sign_in_failures")
    .columns(["email", "created_at"])
    .execute();
  await db.schema.createIndex("sign_in_failures_ip").on("sign_in_failures").columns(["ip", "created_at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("sign_in_failures").execute();
  await db.schema.dropTable("password_resets").execute();
  await db.schema.dropTable("sessions").execute();
  await db.schema.dropTable("users").execute();
}
