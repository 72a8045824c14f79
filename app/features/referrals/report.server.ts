import { csvField, decimalAmount } from "~/features/payments/admin-payments.server";
import { addDays } from "~/features/journal/dates";
import { db } from "~/lib/db.server";
import { isCalendarDate } from "~/lib/dates";
import { REPORT_COLUMNS } from "./constants";
import { instantsOf, type Period, weekOf } from "./periods";
import type { Amounts } from "./referrals.server";

export const REPORT_PERIODS = ["week", "month", "quarter", "dates"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The longest span of chosen dates a report covers. */
const MAX_DAYS = 731;

export { REPORT_COLUMNS };
export type ReportColumn = (typeof REPORT_COLUMNS)[number]["key"];

export type ReportRow = {
  id: number;
  name: string;
  givenInside: number;
  givenOutside: number;
  receivedInside: number;
  receivedOutside: number;
  oneToOnes: number;
  visitors: number;
  eventsAttended: number;
  thanksGiven: Amounts;
  thanksReceived: Amounts;
};

type Counted = Exclude<ReportColumn, "name" | "thanksGiven" | "thanksReceived">;
const COUNTED: Counted[] = ["givenInside", "givenOutside", "receivedInside", "receivedOutside", "oneToOnes", "visitors", "eventsAttended"];

/**
 * The period a report's address asks for: the meeting week (the default), the month or the
 * quarter holding `today`, or chosen dates (from ≤ to, at most two years); null with a message
 * for dates that cannot be read.
 */
export function reportPeriod(params: URLSearchParams, today: string): { kind: ReportPeriod; period: Period } | { kind: "dates"; error: string } {
  const kind = (REPORT_PERIODS as readonly string[]).includes(params.get("period") ?? "") ? (params.get("period") as ReportPeriod) : "week";
  if (kind === "week") return { kind, period: weekOf(today) };
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (value: number) => String(value).padStart(2, "0");
  if (kind === "month") return { kind, period: { from: `${today.slice(0, 7)}-01`, to: `${today.slice(0, 7)}-${pad(lastDay(year, month))}` } };
  if (kind === "quarter") {
    const first = Math.floor((month - 1) / 3) * 3 + 1;
    return { kind, period: { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(first + 2)}-${pad(lastDay(year, first + 2))}` } };
  }
  const from = params.get("from")?.trim() ?? "";
  const to = params.get("to")?.trim() ?? "";
  if (!isCalendarDate(from) || !isCalendarDate(to)) return { kind, error: "Enter both dates as yyyy-mm-dd." };
  if (from > to) return { kind, error: "The first date must not be after the last." };
  if (addDays(from, MAX_DAYS) < to) return { kind, error: "Choose at most two years." };
  return { kind, period: { from, to } };
}

function addAmount(amounts: Amounts, currency: string, cents: number) {
  const found = amounts.find((amount) => amount.currency === currency);
  if (found) found.cents += cents;
  else amounts.push({ currency, cents });
  amounts.sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The chapter's figures for a period, per member: referrals given and received (inside: the
 * giver's own need; outside: someone else's), confirmed one-to-ones, visitors brought (recorded
 * in the period, to the member who brought them), events attended (checked in), and the thank-you amounts for business closed, given and received, by currency. Days are
 * the club's (`clubZone`); members who left are counted in the totals as "A former member".
 */
export async function chapterReport(period: Period, clubZone: string) {
  const { start, end } = instantsOf(period, clubZone);
  const [members, referrals, thanks, oneToOnes, visitors, attended] = await Promise.all([
    db.selectFrom("users").select(["id", "name"]).where("deleted_at", "is", null).where("disabled_at", "is", null).orderBy("name").orderBy("id").execute(),
    db.selectFrom("referrals").select(["giver_id", "receiver_id", "own_need"]).where("created_at", ">=", start).where("created_at", "<", end).execute(),
    db
      .selectFrom("referrals")
      .select(["giver_id", "receiver_id", "currency", "amount_cents"])
      .where("status", "=", "closed")
      .where("amount_cents", "is not", null)
      .where("closed_at", ">=", start)
      .where("closed_at", "<", end)
      .execute(),
    db
      .selectFrom("one_to_ones")
      .select(["proposer_id", "partner_id"])
      .where("status", "=", "confirmed")
      .where("met_on", ">=", period.from)
      .where("met_on", "<=", period.to)
      .execute(),
    db.selectFrom("visitors").select("brought_by_id").where("created_at", ">=", start).where("created_at", "<", end).execute(),
    db
      .selectFrom("tickets")
      .select(["holder_id", "event_id"])
      .distinct()
      .where("holder_id", "is not", null)
      .where("checked_in_at", ">=", start)
      .where("checked_in_at", "<", end)
      .execute(),
  ]);
  const rows = new Map<number, ReportRow>();
  const rowOf = (id: number, name = "A former member") => {
    let row = rows.get(id);
    if (!row) {
      row = {
        id,
        name,
        givenInside: 0,
        givenOutside: 0,
        receivedInside: 0,
        receivedOutside: 0,
        oneToOnes: 0,
        visitors: 0,
        eventsAttended: 0,
        thanksGiven: [],
        thanksReceived: [],
      };
      rows.set(id, row);
    }
    return row;
  };
  for (const member of members) rowOf(member.id, member.name);
  for (const referral of referrals) {
    if (referral.own_need) {
      rowOf(referral.giver_id).givenInside += 1;
      rowOf(referral.receiver_id).receivedInside += 1;
    } else {
      rowOf(referral.giver_id).givenOutside += 1;
      rowOf(referral.receiver_id).receivedOutside += 1;
    }
  }
  for (const closed of thanks) {
    addAmount(rowOf(closed.receiver_id).thanksGiven, closed.currency!, closed.amount_cents!);
    addAmount(rowOf(closed.giver_id).thanksReceived, closed.currency!, closed.amount_cents!);
  }
  for (const meeting of oneToOnes) {
    rowOf(meeting.proposer_id).oneToOnes += 1;
    rowOf(meeting.partner_id).oneToOnes += 1;
  }
  for (const visitor of visitors) rowOf(visitor.brought_by_id).visitors += 1;
  for (const ticket of attended) rowOf(ticket.holder_id!).eventsAttended += 1;

  const memberIds = new Set(members.map((member) => member.id));
  const totals: Omit<ReportRow, "id" | "name"> = {
    givenInside: 0,
    givenOutside: 0,
    receivedInside: 0,
    receivedOutside: 0,
    oneToOnes: 0,
    visitors: 0,
    eventsAttended: 0,
    thanksGiven: [],
    thanksReceived: [],
  };
  for (const row of rows.values()) {
    for (const key of COUNTED) totals[key] += row[key];
    for (const amount of row.thanksGiven) addAmount(totals.thanksGiven, amount.currency, amount.cents);
    for (const amount of row.thanksReceived) addAmount(totals.thanksReceived, amount.currency, amount.cents);
  }
  // A one-to-one is one meeting of two members: the chapter's total counts it once.
  totals.oneToOnes = oneToOnes.length;
  return { period, rows: [...rows.values()].filter((row) => memberIds.has(row.id)), totals };
}

/** Rows in the order asked for: by a column (amounts by the club's currency), then by name. */
export function sortReport(rows: ReportRow[], column: ReportColumn, descending: boolean, currency: string) {
  const value = (row: ReportRow) => {
    if (column === "name") return 0;
    if (column === "thanksGiven" || column === "thanksReceived") return row[column].find((amount) => amount.currency === currency)?.cents ?? 0;
    return row[column];
  };
  const byName = (a: ReportRow, b: ReportRow) => a.name.localeCompare(b.name) || a.id - b.id;
  return [...rows].sort((a, b) => {
    const order = column === "name" ? byName(a, b) : value(a) - value(b) || 0;
    if (order !== 0) return descending ? -order : order;
    return byName(a, b);
  });
}

/** The report as CSV: a line a member, then the chapter's totals; an amount column a currency. */
export function reportCsv(report: { rows: ReportRow[]; totals: Omit<ReportRow, "id" | "name"> }) {
  const currencies = [...new Set([...report.totals.thanksGiven, ...report.totals.thanksReceived].map((amount) => amount.currency))].sort();
  const header = [
    ...REPORT_COLUMNS.filter((column) => column.key !== "thanksGiven" && column.key !== "thanksReceived").map((column) => column.label),
    ...currencies.map((currency) => `Thank-you given (${currency})`),
    ...currencies.map((currency) => `Thank-you received (${currency})`),
  ];
  const cents = (amounts: Amounts, currency: string) => decimalAmount(amounts.find((amount) => amount.currency === currency)?.cents ?? 0);
  const line = (name: string, row: Omit<ReportRow, "id" | "name">) => [
    csvField(name),
    ...COUNTED.map((key) => String(row[key])),
    ...currencies.map((currency) => cents(row.thanksGiven, currency)),
    ...currencies.map((currency) => cents(row.thanksReceived, currency)),
  ];
  return [header.map(csvField), ...report.rows.map((row) => line(row.name, row)), line("Chapter total", report.totals)]
    .map((cells) => `${cells.join(",")}\r\n`)
    .join("");
}
