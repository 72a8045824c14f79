import * as rrule from "rrule";
import type { Options, Weekday } from "rrule";
import { wallClockToUtc } from "~/features/events/time";
import type { CalendarTasksTable } from "~/lib/db-schema";
import type { OccurrenceStatus, WeekdayCode } from "./constants";
import { STATUS_CODES } from "./constants";

// A series' occurrences, computed by rrule on the member's wall clock: rrule gets the local
// date and time as if they were UTC (its "floating" times), so a weekly 09:00 stays 09:00 on
// both sides of a daylight-saving change; each local time becomes an instant in the series' own
// zone only afterwards. Only the range asked for is expanded, so open series cost nothing.

// rrule ships a CommonJS build Node cannot read named exports from (server.ts loads this module
// for the alert sweep without the Remix build), and an ES build the bundlers use: take RRule from
// whichever this is.
const RRule: typeof rrule.RRule = rrule.RRule ?? (rrule as unknown as { default: typeof rrule }).default.RRule;

export type Series = Pick<
  CalendarTasksTable,
  | "recurrence"
  | "weekdays"
  | "month_day"
  | "month_nth"
  | "month_weekday"
  | "year_month"
  | "year_day"
  | "start_date"
  | "start_time"
  | "end_time"
  | "until_date"
  | "occurrence_count"
  | "time_zone"
>;

const RRULE_WEEKDAYS: Record<WeekdayCode, Weekday> = {
  MO: RRule.MO,
  TU: RRule.TU,
  WE: RRule.WE,
  TH: RRule.TH,
  FR: RRule.FR,
  SA: RRule.SA,
  SU: RRule.SU,
};

/** "2026-11-27" and "09:00" as rrule's floating Date. */
function floating(date: string, time = "00:00") {
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

const dateOf = (floatingDate: Date) => floatingDate.toISOString().slice(0, 10);

function weekdaysOf(series: Series): Weekday[] {
  const codes = (series.weekdays ?? "").split(",").filter((code): code is WeekdayCode => code in RRULE_WEEKDAYS);
  return codes.map((code) => RRULE_WEEKDAYS[code]);
}

/** The rrule options of a repeating series (null: it happens once, on its start date). */
export function ruleOptions(series: Series): Partial<Options> | null {
  const base: Partial<Options> = { dtstart: floating(series.start_date, series.start_time) };
  if (series.occurrence_count) base.count = series.occurrence_count;
  else if (series.until_date) base.until = floating(series.until_date, "23:59");
  const weekdays = weekdaysOf(series);
  switch (series.recurrence) {
    case "none":
      return null;
    case "daily":
      return { ...base, freq: RRule.DAILY };
    case "weekly":
    case "biweekly":
      return { ...base, freq: RRule.WEEKLY, ...(series.recurrence === "biweekly" ? { interval: 2 } : {}), byweekday: weekdays.length ? weekdays : null, wkst: RRule.MO };
    case "monthly":
      if (series.month_nth && series.month_weekday) {
        return { ...base, freq: RRule.MONTHLY, byweekday: [RRULE_WEEKDAYS[series.month_weekday as WeekdayCode].nth(series.month_nth)] };
      }
      return { ...base, freq: RRule.MONTHLY, bymonthday: series.month_day ?? Number(series.start_date.slice(8, 10)) };
    case "yearly":
      return {
        ...base,
        freq: RRule.YEARLY,
        bymonth: series.year_month ?? Number(series.start_date.slice(5, 7)),
        bymonthday: series.year_day ?? Number(series.start_date.slice(8, 10)),
      };
  }
}

/** The RRULE value of a repeating series (for the calendar feed), null for a single one. */
export function rruleText(series: Series) {
  const options = ruleOptions(series);
  if (!options) return null;
  const { dtstart: _start, ...rest } = options;
  // rrule writes UNTIL as a UTC instant; the series ends at the end of its last day, local.
  const text = RRule.optionsToString(rest).replace(/^RRULE:/, "");
  if (!series.until_date || series.occurrence_count) return text;
  const until = `${wallClockToUtc(`${series.until_date}T23:59`, series.time_zone).replace(/[-:]/g, "").slice(0, 15)}Z`;
  return text.replace(/UNTIL=[0-9TZ]+/, `UNTIL=${until}`);
}

/** The local dates (yyyy-mm-dd) on which the series happens from `from` to `to`, inclusive. */
export function occurrenceDates(series: Series, from: string, to: string): string[] {
  const options = ruleOptions(series);
  if (!options) return series.start_date >= from && series.start_date <= to ? [series.start_date] : [];
  if (to < series.start_date || (series.until_date && !series.occurrence_count && from > series.until_date)) return [];
  return new RRule(startingNear(series, options, from)).between(floating(from), floating(to, "23:59"), true).map(dateOf);
}

const DAY_MS = 86_400_000;

/** rrule walks every occurrence from the series' start: a daily series begun years ago would cost
 * thousands of steps for one month. A series not counted gives the same occurrences from a later
 * start that keeps its rhythm (whole weeks, or two, for a weekly one whose weekday comes from its
 * start; any day for the others, whose by-rules are explicit), so it starts the day before. */
function startingNear(series: Series, options: Partial<Options>, from: string): Partial<Options> {
  if (series.occurrence_count || from <= series.start_date) return options;
  const gap = Math.round((floating(from).getTime() - floating(series.start_date).getTime()) / DAY_MS) - 1;
  const rhythm = series.recurrence === "weekly" ? 7 : series.recurrence === "biweekly" ? 14 : 1;
  const shift = Math.floor(gap / rhythm) * rhythm;
  if (shift <= 0) return options;
  return { ...options, dtstart: new Date(floating(series.start_date, series.start_time).getTime() + shift * DAY_MS) };
}

/** Whether `date` is one of the series' occurrences. */
export function isOccurrence(series: Series, date: string) {
  return occurrenceDates(series, date, date).length === 1;
}

export type OccurrenceTimes = { date: string; start: string; end: string; startsAt: string; endsAt: string };

/** An occurrence's wall-clock start and end ("YYYY-MM-DDTHH:MM") and the instants they are in
 * the series' zone, each read with the offset of its own date. */
export function occurrenceTimes(series: Series, date: string): OccurrenceTimes {
  const start = `${date}T${series.start_time}`;
  const end = `${date}T${series.end_time}`;
  return { date, start, end, startsAt: wallClockToUtc(start, series.time_zone), endsAt: wallClockToUtc(end, series.time_zone) };
}

/** SPEC.md §4: completed or cancelled as the member marked it; otherwise missed once it has
 * ended, pending before. */
export function occurrenceStatus(marked: "completed" | "cancelled" | undefined, endsAt: string, now: Date): OccurrenceStatus {
  if (marked) return marked;
  return new Date(endsAt).getTime() < now.getTime() ? "missed" : "pending";
}

export type Occurrence = OccurrenceTimes & { status: OccurrenceStatus; code: number; isVisible: 0 | 1 };

/** The series' occurrences from `from` to `to` with their statuses (`marked`: the member's
 * completed and cancelled dates). */
export function occurrencesOf(series: Series, from: string, to: string, marked: ReadonlyMap<string, "completed" | "cancelled">, now: Date): Occurrence[] {
  return occurrenceDates(series, from, to).map((date) => {
    const times = occurrenceTimes(series, date);
    const status = occurrenceStatus(marked.get(date), times.endsAt, now);
    return { ...times, status, code: STATUS_CODES[status], isVisible: status === "cancelled" ? 1 : 0 };
  });
}

type Listed = { start_date: string; end_date: string };

/** SPEC.md §3 "Task response": the counts and the lists of a group's completed, pending and due
 * (missed) occurrences; cancelled ones are in none. */
export function groupSummary(occurrences: readonly Occurrence[]) {
  const listed = (status: OccurrenceStatus): Listed[] =>
    occurrences.filter((occurrence) => occurrence.status === status).map((occurrence) => ({ start_date: occurrence.start, end_date: occurrence.end }));
  const completed = listed("completed");
  const pending = listed("pending");
  const due = listed("missed");
  return { CompleteTaskCount: completed.length, PendingTaskCount: pending.length, DueTaskCount: due.length, completed, pending, due };
}
