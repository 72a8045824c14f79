import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/**
 * Entrepreneur and investor entries (SPEC.md §1 "Entrepreneur and investor entries and loan
 * proposals", §3 Entrepreneur, Investor, Proposal, Connection). Money is integer cents, rates
 * are basis points (850 = 8.5 %). A deleted entry keeps its row (deleted_at) so that its
 * connections and their deal trail stay readable by both sides.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("entrepreneur_entries")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("business_name", "text", (col) => col.notNull())
    .addColumn("sector", "text", (col) => col.notNull())
    .addColumn("amount_cents", "integer", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("purpose", "text", (col) => col.notNull())
    .addColumn("term_months", "integer", (col) => col.notNull().check(sql`term_months > 0`))
    .addColumn("rate_bp", "integer", (col) => col.notNull().check(sql`rate_bp >= 0`))
    .addColumn("country", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("entrepreneur_entries_member").on("entrepreneur_entries").column("member_id").execute();
  await db.schema.createIndex("entrepreneur_entries_sector").on("entrepreneur_entries").columns(["sector", "amount_cents"]).execute();

  await db.schema
    .createTable("investor_entries")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount_cents", "integer", (col) => col.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (col) => col.notNull())
    // "|AGRICULTURE|RETAIL|": each value between bars, so one LIKE finds it on both dialects.
    .addColumn("sectors", "text", (col) => col.notNull())
    .addColumn("min_ticket_cents", "integer", (col) => col.notNull().check(sql`min_ticket_cents > 0`))
    .addColumn("max_ticket_cents", "integer", (col) => col.notNull())
    .addColumn("term_months", "integer", (col) => col.notNull().check(sql`term_months > 0`))
    .addColumn("rate_bp", "integer", (col) => col.notNull().check(sql`rate_bp >= 0`))
    // "|NG|GH|", or "" for any country.
    .addColumn("countries", "text", (col) => col.notNull())
    .addColumn("deleted_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addCheckConstraint("investor_entries_ticket_range", sql`min_ticket_cents <= max_ticket_cents`)
    .execute();
  await db.schema.createIndex("investor_entries_member").on("investor_entries").column("member_id").execute();

  await db.schema
    .createTable("entrepreneur_documents")
    .addColumn("id", ...idColumn(db))
    .addColumn("entrepreneur_id", "integer", (col) => col.notNull().references("entrepreneur_entries.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (col) => col.notNull().references("files.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("entrepreneur_documents_entry").on("entrepreneur_documents").column("entrepreneur_id").execute();
  await db.schema.createIndex("entrepreneur_documents_file").on("entrepreneur_documents").column("file_id").execute();

  await db.schema
    .createTable("proposal_connections")
    .addColumn("id", ...idColumn(db))
    .addColumn("entrepreneur_id", "integer", (col) => col.notNull().references("entrepreneur_entries.id").onDelete("cascade"))
    .addColumn("investor_id", "integer", (col) => col.notNull().references("investor_entries.id").onDelete("cascade"))
    .addColumn("entrepreneur_member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("investor_member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("initiator_side", "text", (col) => col.notNull().check(sql`initiator_side in ('entrepreneur', 'investor')`))
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'accepted', 'declined', 'closed')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("proposal_connections_pair", ["entrepreneur_id", "investor_id"])
    .execute();
  await db.schema.createIndex("proposal_connections_entrepreneur_member").on("proposal_connections").column("entrepreneur_member_id").execute();
  await db.schema.createIndex("proposal_connections_investor_member").on("proposal_connections").column("investor_member_id").execute();
  await db.schema.createIndex("proposal_connections_investor").on("proposal_connections").column("investor_id").execute();

  // The deal trail: each step of a connection, with the exact terms a member agreed to.
  await db.schema
    .createTable("connection_events")
    .addColumn("id", ...idColumn(db))
    .addColumn("connection_id", "integer", (col) => col.notNull().references("proposal_connections.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (col) => col.notNull().check(sql`action in ('connect', 'update', 'accept', 'decline', 'close')`))
    .addColumn("message", "text")
    .addColumn("terms_text", "text")
    .addColumn("terms_hash", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("connection_events_connection").on("connection_events").column("connection_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("connection_events").execute();
  await db.schema.dropTable("proposal_connections").execute();
  await db.schema.dropTable("entrepreneur_documents").execute();
  await db.schema.dropTable("investor_entries").execute();
  await db.schema.dropTable("entrepreneur_entries").execute();
}
