import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/**
 * Referrals: business one member passes to another. The person or company referred is copied
 * into the referral (only what the giver chose to pass on), never linked to the giver's contact
 * book, which stays the giver's alone. The receiver moves it through its statuses; each move is
 * kept in referral_updates, and business closed with an amount is the receiver's thank-you.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("referrals")
    .addColumn("id", ...idColumn(db))
    .addColumn("giver_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("receiver_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("company", "text")
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("occupation", "text")
    .addColumn("city", "text")
    .addColumn("website", "text")
    .addColumn("need", "text", (col) => col.notNull())
    .addColumn("warmth", "integer", (col) => col.notNull().check(sql`warmth between 1 and 5`))
    .addColumn("own_need", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("note", "text")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("new")
        .check(sql`status in ('new', 'contacted', 'meeting_set', 'closed', 'no_business')`),
    )
    .addColumn("amount_cents", "integer", (col) => col.check(sql`amount_cents >= 0`))
    .addColumn("currency", "text")
    .addColumn("reason", "text")
    .addColumn("closed_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addCheckConstraint("referrals_to_another", sql`giver_id <> receiver_id`)
    .addCheckConstraint("referrals_amount_currency", sql`(amount_cents is null) = (currency is null)`)
    .execute();
  await db.schema.createIndex("referrals_receiver").on("referrals").columns(["receiver_id", "created_at"]).execute();
  await db.schema.createIndex("referrals_giver").on("referrals").columns(["giver_id", "created_at"]).execute();
  await db.schema.createIndex("referrals_created").on("referrals").column("created_at").execute();

  await db.schema
    .createTable("referral_updates")
    .addColumn("id", ...idColumn(db))
    .addColumn("referral_id", "integer", (col) => col.notNull().references("referrals.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull())
    .addColumn("amount_cents", "integer")
    .addColumn("currency", "text")
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("referral_updates_referral").on("referral_updates").columns(["referral_id", "id"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("referral_updates").execute();
  await db.schema.dropTable("referrals").execute();
}
