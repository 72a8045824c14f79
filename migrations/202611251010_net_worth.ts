import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** Net worth (SPEC.md §1 Planning, §3 Net worth): a member's assets and liabilities of a year
 * with their value at each quarter's end, and the gross income and expense lines of each
 * quarter; amounts are integer cents (bigint: a millionaire's house passes integer's 21 million)
 * in the member's currency, `users.currency` (null: the club's PAYMENT_CURRENCY). */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("currency", "text").execute();

  const quarterValue = (column: string) => (col: ColumnDefinitionBuilder) => col.check(sql`${sql.ref(column)} >= 0`);
  await db.schema
    .createTable("net_worth_entries")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("year", "integer", (col) => col.notNull())
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) =>
      col
        .notNull()
        .check(
          sql`type in ('cash', 'property', 'vehicles', 'investments', 'business_equity', 'other_asset', 'mortgage', 'loans', 'credit_cards', 'other_liability')`,
        ),
    )
    .addColumn("q1_cents", "bigint", quarterValue("q1_cents"))
    .addColumn("q2_cents", "bigint", quarterValue("q2_cents"))
    .addColumn("q3_cents", "bigint", quarterValue("q3_cents"))
    .addColumn("q4_cents", "bigint", quarterValue("q4_cents"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("net_worth_entries_member_year").on("net_worth_entries").columns(["member_id", "year"]).execute();

  await db.schema
    .createTable("net_worth_lines")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("year", "integer", (col) => col.notNull())
    .addColumn("quarter", "integer", (col) => col.notNull().check(sql`quarter between 1 and 4`))
    .addColumn("flow", "text", (col) => col.notNull().check(sql`flow in ('income', 'expense')`))
    .addColumn("category", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("amount_cents", "bigint", (col) => col.notNull().check(sql`amount_cents >= 0`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("net_worth_lines_member_year").on("net_worth_lines").columns(["member_id", "year"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("net_worth_lines").execute();
  await db.schema.dropTable("net_worth_entries").execute();
  await db.schema.alterTable("users").dropColumn("currency").execute();
}
