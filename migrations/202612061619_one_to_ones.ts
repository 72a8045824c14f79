import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/**
 * One-to-ones: two members record that they met. Either proposes it, the other confirms (or
 * declines); only confirmed ones count. Each side keeps notes of their own, which the other
 * never sees.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("one_to_ones")
    .addColumn("id", ...idColumn(db))
    .addColumn("proposer_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("partner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("met_on", "text", (col) => col.notNull())
    .addColumn("place", "text")
    .addColumn("status", "text", (col) =>
      col
        .notNull()
        .defaultTo("proposed")
        .check(sql`status in ('proposed', 'confirmed', 'declined')`),
    )
    .addColumn("proposer_note", "text")
    .addColumn("partner_note", "text")
    .addColumn("confirmed_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addCheckConstraint("one_to_ones_two_members", sql`proposer_id <> partner_id`)
    .execute();
  await db.schema.createIndex("one_to_ones_proposer").on("one_to_ones").columns(["proposer_id", "met_on"]).execute();
  await db.schema.createIndex("one_to_ones_partner").on("one_to_ones").columns(["partner_id", "met_on"]).execute();
  await db.schema.createIndex("one_to_ones_met_on").on("one_to_ones").column("met_on").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("one_to_ones").execute();
}
