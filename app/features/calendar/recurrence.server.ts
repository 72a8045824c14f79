import * as rrule from "rrule";
import type { Options, Weekday } from "rrule";
import { digitsAt, isoMs, isoOf, wallClockMsToUtcMs, wallClockToUtc } from "~/features/events/time";
import type { CalendarTasksTable } from "~/lib/db-schema";
import type { OccurrenceStatus, WeekdayCode } from "./constants";
import { STATUS_CODES } from "./constants";

// A series' occurrences, on the member's wall clock: its rule is an rrule rule (`ruleOptions`,
// written into the feed as RRULE) over local dates and times taken as if they were UTC (rrule's
// "floating" times), so a weekly 09:00 stays 09:00 on both sides of a daylight-saving change;
// each local time becomes an instant in the series' own zone only afterwards. The dates are
// counted here with rrule's meaning, only for the range asked, so open series cost nothing.

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
> &
  // Optional: a series written before they were kept, or by a caller that reads only its rule.
  Partial<Pick<CalendarTasksTable, "end_date" | "skipped_dates" | "created_at">>;

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
      return {
        ...base,
        freq: RRule.WEEKLY,
        ...(series.recurrence === "biweekly" ? { interval: 2 } : {}),
        byweekday: weekdays.length ? weekdays : null,
        wkst: RRule.MO,
      };
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

/** The local dates (yyyy-mm-dd) on which the series happens from `from` to `to`, inclusive.
 *
 * Counted here, with the meaning rrule gives the series' rule (`ruleOptions`, which the feed's
 * RRULE is written from): rrule walks every period from the series' start, one at a time, which
 * took most of a month page's time. `test/calendar-recurrence.test.ts` compares both over many
 * series and ranges. */
export function occurrenceDates(series: Series, from: string, to: string): string[] {
  return occurrenceDays(series, from, to).map(dateOfDay);
}

/** occurrenceDates as day numbers (days since 1 January 1970). */
function occurrenceDays(series: Series, from: string, to: string): number[] {
  const days = ruleDays(series, from, to);
  if (!series.skipped_dates) return days;
  const skipped = new Set(series.skipped_dates.split(",").map(dayNumber));
  return days.filter((day) => !skipped.has(day));
}

/** The days the series' rule gives, before any is deleted. */
function ruleDays(series: Series, from: string, to: string): number[] {
  if (series.recurrence === "none") return series.start_date >= from && series.start_date <= to ? [dayNumber(series.start_date)] : [];
  if (to < series.start_date || (series.until_date && !series.occurrence_count && from > series.until_date)) return [];
  return series.recurrence === "daily" || series.recurrence === "weekly" || series.recurrence === "biweekly"
    ? everyFewDays(series, from, to)
    : monthsDays(series, from, to);
}

const DAY_MS = 86_400_000;
// Read and written by position (time.ts: V8's Date parsing and toISOString cost ~0.5 and ~1.3 µs,
// and a month of 200 series counts thousands of dates).
const dayNumber = (date: string) =>
  (/^\d{4}-\d\d-\d\d$/.test(date) ? Date.UTC(digitsAt(date, 0, 4), digitsAt(date, 5, 7) - 1, digitsAt(date, 8, 10)) : floating(date).getTime()) / DAY_MS;
const dayOf = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;
// A month of 200 series writes some 1,300 dates over ~40 days: each day's text is kept (bounded).
const DATES_KEPT = 20_000;
const dayDates = new Map<number, string>();
function dateOfDay(day: number) {
  let date = dayDates.get(day);
  if (date === undefined) {
    date = isoOf(day * DAY_MS).slice(0, 10);
    if (dayDates.size >= DATES_KEPT) dayDates.clear();
    dayDates.set(day, date);
  }
  return date;
}
/** 0 Monday … 6 Sunday (day 0, 1 January 1970, was a Thursday). */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;
const WEEKDAY_INDEX: Record<WeekdayCode, number> = { MO: 0, TU: 1, WE: 2, TH: 3, FR: 4, SA: 5, SU: 6 };
/** rrule's last year. */
const LAST_YEAR = 9999;

function everyFewDays(series: Series, from: string, to: string): number[] {
  const weeks = series.recurrence === "weekly" ? 1 : series.recurrence === "biweekly" ? 2 : 0;
  const start = dayNumber(series.start_date);
  const codes = (series.weekdays ?? "").split(",").filter((code): code is WeekdayCode => code in WEEKDAY_INDEX);
  const weekdays = codes.length ? [...new Set(codes.map((code) => WEEKDAY_INDEX[code]))].sort() : [weekdayOf(start)];
  const startWeek = start - weekdayOf(start);
  const happens = (day: number) => !weeks || (weekdays.includes(weekdayOf(day)) && ((day - weekdayOf(day) - startWeek) / 7) % weeks === 0);
  let last = series.until_date ? dayNumber(series.until_date) : Infinity;
  if (series.occurrence_count) last = weeks ? countedWeeksEnd(start, series.occurrence_count, weekdays, weeks) : start + series.occurrence_count - 1;
  const days: number[] = [];
  for (let day = Math.max(start, dayNumber(from)), end = Math.min(last, dayNumber(to)); day <= end; day++) {
    if (happens(day)) days.push(day);
  }
  return days;
}

/** The day of a weekly series' last occurrence when it happens `count` times. */
function countedWeeksEnd(start: number, count: number, weekdays: readonly number[], weeks: number) {
  let left = count;
  for (let week = start - weekdayOf(start); ; week += 7 * weeks) {
    for (const weekday of weekdays) {
      if (week + weekday >= start && --left <= 0) return week + weekday;
    }
  }
}

/** The day a monthly or yearly series falls on in a month (1–12), or null when it has none there
 * (the 31st in April, a fifth Monday, 29 February in a common year). */
function dayInMonth(series: Series, year: number, month: number): number | null {
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const startDay = Number(series.start_date.slice(8, 10));
  if (series.recurrence === "yearly") {
    const day = series.year_day ?? startDay;
    return month === (series.year_month ?? Number(series.start_date.slice(5, 7))) && day <= length ? dayOf(year, month, day) : null;
  }
  if (series.month_nth && series.month_weekday) {
    const weekday = WEEKDAY_INDEX[series.month_weekday as WeekdayCode];
    const day =
      series.month_nth > 0
        ? 1 + ((weekday - weekdayOf(dayOf(year, month, 1)) + 7) % 7) + (series.month_nth - 1) * 7
        : length - ((weekdayOf(dayOf(year, month, length)) - weekday + 7) % 7) + (series.month_nth + 1) * 7;
    return day >= 1 && day <= length ? dayOf(year, month, day) : null;
  }
  const wanted = series.month_day ?? startDay;
  const day = wanted < 0 ? length + wanted + 1 : wanted;
  return day >= 1 && day <= length ? dayOf(year, month, day) : null;
}

/** The days of a monthly or yearly series from the month of `first` to the month of `last`
 * (day numbers), one month or year at a time, until `take` returns false. */
function eachPeriod(series: Series, first: number, last: number, take: (day: number) => boolean) {
  const step = series.recurrence === "yearly" ? 12 : 1;
  const [fromYear, fromMonth] = dateOfDay(first).split("-").map(Number);
  const [toYear, toMonth] = dateOfDay(Math.min(last, dayOf(LAST_YEAR, 12, 31)))
    .split("-")
    .map(Number);
  let index = fromYear * 12 + fromMonth - 1;
  if (step === 12) index += ((((series.year_month ?? Number(series.start_date.slice(5, 7))) - fromMonth) % 12) + 12) % 12;
  for (const end = toYear * 12 + toMonth - 1; index <= end; index += step) {
    const day = dayInMonth(series, Math.floor(index / 12), (index % 12) + 1);
    if (day !== null && day >= first && day <= last && !take(day)) return;
  }
}

// A counted series' last day takes a walk from its start (500 months, or 29 Februaries over two
// thousand years): kept per rule, bounded.
const LAST_DAYS_KEPT = 5000;
const lastDays = new Map<string, number>();

function countedLastDay(series: Series, start: number, count: number) {
  const key = [series.recurrence, series.month_day, series.month_nth, series.month_weekday, series.year_month, series.year_day, series.start_date, count].join(
    " ",
  );
  let last = lastDays.get(key);
  if (last === undefined) {
    let left = count;
    last = -Infinity;
    eachPeriod(series, start, Infinity, (day) => {
      last = day;
      return --left > 0;
    });
    if (lastDays.size >= LAST_DAYS_KEPT) lastDays.clear();
    lastDays.set(key, last);
  }
  return last;
}

function monthsDays(series: Series, from: string, to: string): number[] {
  const start = dayNumber(series.start_date);
  let last = series.until_date ? dayNumber(series.until_date) : Infinity;
  if (series.occurrence_count) last = countedLastDay(series, start, series.occurrence_count);
  const days: number[] = [];
  eachPeriod(series, Math.max(start, dayNumber(from)), Math.min(last, dayNumber(to)), (day) => days.push(day) > 0);
  return days;
}

/** Whether `date` is one of the series' occurrences. */
export function isOccurrence(series: Series, date: string) {
  return occurrenceDates(series, date, date).length === 1;
}

export type OccurrenceTimes = { date: string; start: string; end: string; startsAt: string; endsAt: string };

/** An occurrence's wall-clock start and end ("YYYY-MM-DDTHH:MM") and the instants they are in
 * the series' zone, each read with the offset of its own date. */
export function occurrenceTimes(series: Series, date: string): OccurrenceTimes {
  return timesOn(series, dayNumber(date), minutesOf(series.start_time), minutesOf(series.end_time)).times;
}

/** "09:30" as minutes past midnight. */
function minutesOf(time: string) {
  if (/^\d\d:\d\d$/.test(time)) return digitsAt(time, 0, 2) * 60 + digitsAt(time, 3, 5);
  const [hour, minute] = time.split(":").map(Number);
  return hour * 60 + minute;
}

/** How many days after it starts an occurrence ends (0: the same day). */
export function spanDays(series: Pick<Series, "start_date" | "end_date">) {
  return series.end_date && series.end_date > series.start_date ? dayNumber(series.end_date) - dayNumber(series.start_date) : 0;
}

/** occurrenceTimes on a day number, worked out in ms (each of a month's ~1,300 occurrences
 * written once, never read back from its text), and the end's instant in ms. */
function timesOn(series: Series, day: number, startMinutes: number, endMinutes: number, span = spanDays(series)) {
  const date = dateOfDay(day);
  const endDate = span ? dateOfDay(day + span) : date;
  const endsAtMs = wallClockMsToUtcMs((day + span) * DAY_MS + endMinutes * 60_000, series.time_zone);
  const startsAt = isoOf(wallClockMsToUtcMs(day * DAY_MS + startMinutes * 60_000, series.time_zone));
  const times: OccurrenceTimes = { date, start: `${date}T${series.start_time}`, end: `${endDate}T${series.end_time}`, startsAt, endsAt: isoOf(endsAtMs) };
  return { times, endsAtMs };
}

/** SPEC.md §4: completed or cancelled as the member marked it; otherwise missed once it has
 * ended, pending before. One that had ended before its group was created (`createdAt`: a task
 * added in the afternoon for 09:00) was never there to be missed: it stays pending, for the
 * member to mark. */
export function occurrenceStatus(marked: "completed" | "cancelled" | undefined, endsAt: string, now: Date, createdAt?: string | null): OccurrenceStatus {
  return statusAt(marked, isoMs(endsAt), now.getTime(), createdAt ? Date.parse(createdAt) : -Infinity);
}

function statusAt(marked: "completed" | "cancelled" | undefined, endsAtMs: number, nowMs: number, createdMs: number): OccurrenceStatus {
  if (marked) return marked;
  return endsAtMs < nowMs && endsAtMs >= createdMs ? "missed" : "pending";
}

export type Occurrence = OccurrenceTimes & { status: OccurrenceStatus; code: number; isVisible: 0 | 1 };

/** The series' occurrences from `from` to `to` with their statuses (`marked`: the member's
 * completed and cancelled dates). */
export function occurrencesOf(series: Series, from: string, to: string, marked: ReadonlyMap<string, "completed" | "cancelled">, now: Date): Occurrence[] {
  const startMinutes = minutesOf(series.start_time);
  const endMinutes = minutesOf(series.end_time);
  const span = spanDays(series);
  const nowMs = now.getTime();
  const createdMs = series.created_at ? Date.parse(series.created_at) : -Infinity;
  return occurrenceDays(series, from, to).map((day) => {
    const { times, endsAtMs } = timesOn(series, day, startMinutes, endMinutes, span);
    const status = statusAt(marked.get(times.date), endsAtMs, nowMs, createdMs);
    // Object.assign, not a spread and more properties (calendar.server.ts, described).
    return Object.assign(times, { status, code: STATUS_CODES[status], isVisible: status === "cancelled" ? (1 as const) : (0 as const) });
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
