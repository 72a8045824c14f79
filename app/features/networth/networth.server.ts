import { compiledOnce, firstRowOf, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import type { NetWorthType } from "~/lib/db-schema";
import { type Flow, MAX_ENTRIES_PER_YEAR, MAX_LINES_PER_QUARTER } from "./constants";
import type { EntryInput, LineInput } from "./schema";
import { quarterFigures, yearStatement, yearTotals } from "./statement";
import { clubCurrency } from "~/lib/club.server";

// Net worth's queries: every one scoped to the member (another member's rows are not found).

/** The currency the member keeps their figures in: their setting, else the club's. */
export async function memberCurrency(memberId: number) {
  const row = await firstRowOf(currencyOf(memberId));
  return row?.currency ?? (await clubCurrency());
}

const currencyOf = compiledOnce((memberId: number) => db.selectFrom("users").select("currency").where("id", "=", memberId));

/** Sets the member's currency (figures are relabelled, not converted). */
export async function setMemberCurrency(memberId: number, currency: string) {
  await db.updateTable("users").set({ currency, updated_at: nowIso() }).where("id", "=", memberId).execute();
}

const entryColumns = (input: EntryInput) => ({
  title: input.title,
  type: input.type as NetWorthType,
  year: input.year,
  q1_cents: input.q1,
  q2_cents: input.q2,
  q3_cents: input.q3,
  q4_cents: input.q4,
});

/** Null when the year already holds the most entries it may. */
export async function createEntry(memberId: number, input: EntryInput) {
  if ((await countOf("net_worth_entries", memberId, input.year)) >= MAX_ENTRIES_PER_YEAR) return null;
  const now = nowIso();
  const { id } = await db
    .insertInto("net_worth_entries")
    .values({ ...entryColumns(input), member_id: memberId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateEntry(memberId: number, id: number, input: EntryInput) {
  const result = await db
    .updateTable("net_worth_entries")
    .set({ ...entryColumns(input), updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function getOwnEntry(memberId: number, id: number) {
  return (await db.selectFrom("net_worth_entries").selectAll().where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst()) ?? null;
}

export async function deleteEntry(memberId: number, id: number) {
  const result = await db.deleteFrom("net_worth_entries").where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

const lineColumns = (flow: Flow, input: LineInput) => ({
  flow,
  year: input.year,
  quarter: input.quarter,
  category: input.category,
  description: input.description,
  amount_cents: input.amount as number,
});

/** Null when the quarter already holds the most lines of that kind it may. */
export async function createLine(memberId: number, flow: Flow, input: LineInput) {
  const { count } = await db
    .selectFrom("net_worth_lines")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("member_id", "=", memberId)
    .where("year", "=", input.year)
    .where("quarter", "=", input.quarter)
    .where("flow", "=", flow)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_LINES_PER_QUARTER) return null;
  const now = nowIso();
  const { id } = await db
    .insertInto("net_worth_lines")
    .values({ ...lineColumns(flow, input), member_id: memberId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateLine(memberId: number, id: number, flow: Flow, input: LineInput) {
  const result = await db
    .updateTable("net_worth_lines")
    .set({ ...lineColumns(flow, input), updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function getOwnLine(memberId: number, id: number) {
  return (await db.selectFrom("net_worth_lines").selectAll().where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst()) ?? null;
}

export async function deleteLine(memberId: number, id: number) {
  const result = await db.deleteFrom("net_worth_lines").where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

async function countOf(table: "net_worth_entries", memberId: number, year: number) {
  const { count } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("member_id", "=", memberId)
    .where("year", "=", year)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The member's entries of two years in a row, by year and title. */
const entriesOf = compiledOnce((memberId: number, firstYear: number, secondYear: number) =>
  db
    .selectFrom("net_worth_entries")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("year", "in", [firstYear, secondYear])
    .orderBy("year")
    .orderBy("title")
    .orderBy("id"),
);

/** The member's income and expense lines of two years in a row, by year and quarter. */
const linesOf = compiledOnce((memberId: number, firstYear: number, secondYear: number) =>
  db
    .selectFrom("net_worth_lines")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("year", "in", [firstYear, secondYear])
    .orderBy("year")
    .orderBy("quarter")
    .orderBy("flow", "desc")
    .orderBy("category")
    .orderBy("id"),
);

const valuesOfEntry = (entry: { q1_cents: number | null; q2_cents: number | null; q3_cents: number | null; q4_cents: number | null }) => [
  entry.q1_cents,
  entry.q2_cents,
  entry.q3_cents,
  entry.q4_cents,
];

/** One year of the member's figures: its entries and lines, and the statement per quarter with
 * the changes against the quarter before and the same quarter of the year before. */
export async function netWorthYear(memberId: number, year: number) {
  const [entries, lines, currency] = await Promise.all([
    rowsOf(entriesOf(memberId, year - 1, year)),
    rowsOf(linesOf(memberId, year - 1, year)),
    memberCurrency(memberId),
  ]);
  const figuresOf = (which: number) =>
    quarterFigures(
      entries.filter((entry) => entry.year === which).map((entry) => ({ type: entry.type, values: valuesOfEntry(entry) })),
      lines.filter((line) => line.year === which),
    );
  const quarters = yearStatement(figuresOf(year), figuresOf(year - 1));
  return {
    year,
    currency,
    entries: entries.filter((entry) => entry.year === year).map((entry) => ({ ...entry, values: valuesOfEntry(entry) })),
    lines: lines.filter((line) => line.year === year),
    quarters,
    totals: yearTotals(quarters),
  };
}

export type NetWorthYear = Awaited<ReturnType<typeof netWorthYear>>;

/** The home page's figure: this year's latest net worth, or null with nothing given. */
export async function latestNetWorth(memberId: number, year: number) {
  const { totals, currency } = await netWorthYear(memberId, year);
  return totals.latestNetWorth ? { ...totals.latestNetWorth, currency } : null;
}

/** Everything the member keeps here, for the account's data export: the currency, every entry
 * and every income and expense line, oldest year first. */
export async function netWorthDataOf(memberId: number) {
  const [currency, entries, lines] = await Promise.all([
    memberCurrency(memberId),
    db.selectFrom("net_worth_entries").selectAll().where("member_id", "=", memberId).orderBy("year").orderBy("id").execute(),
    db.selectFrom("net_worth_lines").selectAll().where("member_id", "=", memberId).orderBy("year").orderBy("quarter").orderBy("id").execute(),
  ]);
  return {
    currency,
    entries: entries.map(({ member_id: _member, ...entry }) => entry),
    lines: lines.map(({ member_id: _member, ...line }) => line),
  };
}
