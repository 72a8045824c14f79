import type { Kysely } from "kysely";
import type { DB } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { pageWindow } from "~/lib/paging";
import { countryOptions } from "~/lib/places.server";
import { formatMoney } from "~/lib/format";
import { type Side, formatRate, formatTerm } from "./constants";
import type { EntrepreneurInput, EntryFilter, InvestorInput } from "./schema.server";
import { clubCurrency } from "~/lib/club.server";

const PAGE_SIZE = 20;

export function countryName(code: string) {
  return countryOptions().find((country) => country.value === code)?.label ?? code;
}

/** "|a|b|": a list kept in one text column, each value found by one LIKE on both dialects. */
export function barList(values: readonly string[]) {
  return values.length ? `|${values.join("|")}|` : "";
}

export function fromBarList(text: string) {
  return text.split("|").filter(Boolean);
}

function entrepreneurColumns(input: EntrepreneurInput) {
  return {
    business_name: input.business_name,
    sector: input.sector,
    amount_cents: input.amount,
    purpose: input.purpose,
    term_months: input.term_months,
    rate_bp: input.rate,
    country: input.country,
  };
}

function investorColumns(input: InvestorInput) {
  return {
    amount_cents: input.amount,
    sectors: barList(input.sectors),
    min_ticket_cents: input.min_ticket,
    max_ticket_cents: input.max_ticket,
    term_months: input.term_months,
    rate_bp: input.rate,
    countries: barList(input.countries),
  };
}

export async function createEntrepreneur(memberId: number, input: EntrepreneurInput) {
  const now = nowIso();
  const { id } = await db
    .insertInto("entrepreneur_entries")
    .values({ member_id: memberId, ...entrepreneurColumns(input), currency: await clubCurrency(), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function createInvestor(memberId: number, input: InvestorInput) {
  const now = nowIso();
  const { id } = await db
    .insertInto("investor_entries")
    .values({ member_id: memberId, ...investorColumns(input), currency: await clubCurrency(), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Saves the owner's entry; false when it is not theirs (or deleted). Connections keep the
 * terms each member agreed to in their trail, so an edit never changes what was agreed. */
export async function updateEntrepreneur(memberId: number, id: number, input: EntrepreneurInput) {
  const result = await db
    .updateTable("entrepreneur_entries")
    .set({ ...entrepreneurColumns(input), updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateInvestor(memberId: number, id: number, input: InvestorInput) {
  const result = await db
    .updateTable("investor_entries")
    .set({ ...investorColumns(input), updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

function entrepreneursWithOwner(executor: Kysely<DB> = db) {
  return executor
    .selectFrom("entrepreneur_entries")
    .innerJoin("users", "users.id", "entrepreneur_entries.member_id")
    .select([
      "entrepreneur_entries.id",
      "entrepreneur_entries.member_id",
      "entrepreneur_entries.business_name",
      "entrepreneur_entries.sector",
      "entrepreneur_entries.amount_cents",
      "entrepreneur_entries.currency",
      "entrepreneur_entries.purpose",
      "entrepreneur_entries.term_months",
      "entrepreneur_entries.rate_bp",
      "entrepreneur_entries.country",
      "entrepreneur_entries.deleted_at",
      "entrepreneur_entries.created_at",
      "entrepreneur_entries.updated_at",
      "users.name as owner_name",
    ]);
}

function investorsWithOwner(executor: Kysely<DB> = db) {
  return executor
    .selectFrom("investor_entries")
    .innerJoin("users", "users.id", "investor_entries.member_id")
    .select([
      "investor_entries.id",
      "investor_entries.member_id",
      "investor_entries.amount_cents",
      "investor_entries.currency",
      "investor_entries.sectors",
      "investor_entries.min_ticket_cents",
      "investor_entries.max_ticket_cents",
      "investor_entries.term_months",
      "investor_entries.rate_bp",
      "investor_entries.countries",
      "investor_entries.deleted_at",
      "investor_entries.created_at",
      "investor_entries.updated_at",
      "users.name as owner_name",
    ]);
}

export type EntrepreneurEntry = NonNullable<Awaited<ReturnType<typeof findEntrepreneur>>>;
export type InvestorEntry = NonNullable<Awaited<ReturnType<typeof findInvestor>>>;

/** Any entry by id, deleted or not (a connection's trail still names it); read by `executor`
 * (a transaction's, inside one). */
export async function findEntrepreneur(id: number, executor: Kysely<DB> = db) {
  const row = await entrepreneursWithOwner(executor).where("entrepreneur_entries.id", "=", id).executeTakeFirst();
  return row ? { ...row, countryName: countryName(row.country) } : null;
}

export async function findInvestor(id: number, executor: Kysely<DB> = db) {
  const row = await investorsWithOwner(executor).where("investor_entries.id", "=", id).executeTakeFirst();
  return row
    ? { ...row, sectorList: fromBarList(row.sectors), countryCodes: fromBarList(row.countries), countryList: fromBarList(row.countries).map(countryName) }
    : null;
}

/** An entry every member may see (its loan view): there and not deleted. */
export async function getEntrepreneur(id: number, executor: Kysely<DB> = db) {
  const entry = await findEntrepreneur(id, executor);
  return entry && !entry.deleted_at ? entry : null;
}

export async function getInvestor(id: number, executor: Kysely<DB> = db) {
  const entry = await findInvestor(id, executor);
  return entry && !entry.deleted_at ? entry : null;
}

/** The member's own entry (to edit or delete), or null. */
export async function getOwnEntrepreneur(memberId: number, id: number, executor: Kysely<DB> = db) {
  const entry = await getEntrepreneur(id, executor);
  return entry && entry.member_id === memberId ? entry : null;
}

export async function getOwnInvestor(memberId: number, id: number, executor: Kysely<DB> = db) {
  const entry = await getInvestor(id, executor);
  return entry && entry.member_id === memberId ? entry : null;
}

export type Entry = EntrepreneurEntry | InvestorEntry;

/** An entry of either side every member may see. */
export function getEntry(side: Side, id: number): Promise<Entry | null> {
  return side === "entrepreneur" ? getEntrepreneur(id) : getInvestor(id);
}

export function getOwnEntry(side: Side, memberId: number, id: number, executor: Kysely<DB> = db): Promise<Entry | null> {
  return side === "entrepreneur" ? getOwnEntrepreneur(memberId, id, executor) : getOwnInvestor(memberId, id, executor);
}

/** Another member's entry, the kind a member connects to: null when it is the member's own
 * (one does not connect to oneself) or not there. */
export async function othersEntry(side: Side, memberId: number, id: number): Promise<Entry | null> {
  const entry = await getEntry(side, id);
  return entry && entry.member_id !== memberId ? entry : null;
}

function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Every member's entrepreneur entries, newest first, by sector, amount sought and country. */
export async function listEntrepreneurs(filter: EntryFilter, page: number) {
  let query = entrepreneursWithOwner().where("entrepreneur_entries.deleted_at", "is", null);
  if (filter.sector) query = query.where("entrepreneur_entries.sector", "=", filter.sector);
  if (filter.country) query = query.where("entrepreneur_entries.country", "=", filter.country);
  if (filter.min !== null) query = query.where("entrepreneur_entries.amount_cents", ">=", filter.min);
  if (filter.max !== null) query = query.where("entrepreneur_entries.amount_cents", "<=", filter.max);
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const window = pageWindow(total, page, PAGE_SIZE);
  const rows = await query.orderBy("entrepreneur_entries.id", "desc").limit(PAGE_SIZE).offset(window.offset).execute();
  return { entries: rows.map((row) => ({ ...row, countryName: countryName(row.country) })), ...window };
}

/** Every member's investor entries, newest first: by a sector they lend to, a ticket range
 * meeting the amount range, and a country they lend in (or any country). */
export async function listInvestors(filter: EntryFilter, page: number) {
  let query = investorsWithOwner().where("investor_entries.deleted_at", "is", null);
  if (filter.sector) query = query.where("investor_entries.sectors", "like", `%|${escapeLike(filter.sector)}|%`);
  if (filter.country) {
    const country = filter.country;
    query = query.where((eb) => eb.or([eb("investor_entries.countries", "=", ""), eb("investor_entries.countries", "like", `%|${escapeLike(country)}|%`)]));
  }
  if (filter.min !== null) query = query.where("investor_entries.max_ticket_cents", ">=", filter.min);
  if (filter.max !== null) query = query.where("investor_entries.min_ticket_cents", "<=", filter.max);
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const window = pageWindow(total, page, PAGE_SIZE);
  const rows = await query.orderBy("investor_entries.id", "desc").limit(PAGE_SIZE).offset(window.offset).execute();
  const entries = rows.map((row) => ({ ...row, sectorList: fromBarList(row.sectors), countryList: fromBarList(row.countries).map(countryName) }));
  return { entries, ...window };
}

/** The member's own entries of one side, for the connect dialog's select, each named by its
 * terms ("Green Mill Ltd: $25,000 over 24 months at 12.5 %"), not by a number. */
export async function ownProposals(memberId: number, side: Side) {
  const terms = (row: { amount_cents: number; currency: string; term_months: number; rate_bp: number }) =>
    `${formatMoney(row.amount_cents, row.currency)} over ${formatTerm(row.term_months)} at ${formatRate(row.rate_bp)}`;
  if (side === "entrepreneur") {
    const rows = await db
      .selectFrom("entrepreneur_entries")
      .select(["id", "business_name", "amount_cents", "currency", "term_months", "rate_bp"])
      .where("member_id", "=", memberId)
      .where("deleted_at", "is", null)
      .orderBy("id", "desc")
      .execute();
    return rows.map((row) => ({ id: row.id, label: `${row.business_name}: ${terms(row)}`, amount_cents: row.amount_cents, currency: row.currency }));
  }
  const rows = await db
    .selectFrom("investor_entries")
    .select(["id", "amount_cents", "currency", "term_months", "rate_bp", "min_ticket_cents", "max_ticket_cents"])
    .where("member_id", "=", memberId)
    .where("deleted_at", "is", null)
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    label: `${terms(row)}, tickets ${formatMoney(row.min_ticket_cents, row.currency)} to ${formatMoney(row.max_ticket_cents, row.currency)}`,
    amount_cents: row.amount_cents,
    currency: row.currency,
  }));
}

/** The business named on the member's profile: the entrepreneur form starts from it. */
export async function profileBusiness(memberId: number) {
  const row = await db.selectFrom("users").select("business").where("id", "=", memberId).executeTakeFirst();
  return row?.business ?? null;
}
