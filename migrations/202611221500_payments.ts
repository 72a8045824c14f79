import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("payments")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("item", "text", (col) => col.notNull())
    .addColumn("period", "text")
    .addColumn("description", "text", (col) => col.notNull())
    .addColumn("amount_cents", "integer", (col) => col.notNull())
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("provider_ref", "text")
    .addColumn("reference", "text", (col) => col.notNull().unique())
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addColumn("paid_at", "text")
    .addColumn("cancelled_at", "text")
    .addColumn("confirmed_by", "integer", (col) => col.references("users.id"))
    .execute();
  await db.schema.createIndex("payments_member").on("payments").columns(["member_id", "created_at"]).execute();
  await db.schema.createIndex("payments_status").on("payments").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("payments_provider_ref").on("payments").column("provider_ref").execute();

  // Every webhook event handled once: a replayed event finds its id here and changes nothing.
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull())
    .addColumn("received_at", "text", (col) => col.notNull())
    .execute();

  await db.schema
    .createTable("memberships")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id"))
    .addColumn("package", "text", (col) => col.notNull())
    .addColumn("period", "text", (col) => col.notNull())
    .addColumn("starts_on", "text", (col) => col.notNull())
    .addColumn("ends_on", "text", (col) => col.notNull())
    .addColumn("payment_id", "integer", (col) => col.notNull().unique().references("payments.id"))
    .addColumn("reminder_sent_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("memberships_member").on("memberships").columns(["member_id", "ends_on"]).execute();
  await db.schema.createIndex("memberships_ends_on").on("memberships").column("ends_on").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("memberships").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payments").execute();
}
