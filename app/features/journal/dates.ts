// The journal's days: calendar dates ("YYYY-MM-DD") on the member's own clock. Shared by the
// server and the pages (no zod here: components import this file).

import { isCalendarDate, wallClockIn } from "~/lib/dates";
import { formatDate } from "~/lib/format";

export { isCalendarDate };

/** SPEC.md §4: what an empty day says, and how its times read before it is first saved. */
export const EMPTY_JOURNAL = "Start writing a new journal…";
export const NO_TIME = "0000-00-00";

/** The days a journal may be kept for; a date outside them is refused. */
export const FIRST_JOURNAL_DATE = "1900-01-01";
export const LAST_JOURNAL_DATE = "2100-12-31";

/** The longest journal a day holds, in characters (SPEC.md sets none; a day's diary is far
 * shorter, and a limit keeps one member from filling the database). */
export const JOURNAL_MAX_LENGTH = 20_000;

export const DATE_MESSAGE = "Enter a date as yyyy-mm-dd.";
export const DATE_RANGE_MESSAGE = "Choose a date from 1900 to 2100.";

/** Why `value` cannot be a journal's day, or null when it can. */
export function journalDateProblem(value: string) {
  if (!isCalendarDate(value)) return DATE_MESSAGE;
  if (value < FIRST_JOURNAL_DATE || value > LAST_JOURNAL_DATE) return DATE_RANGE_MESSAGE;
  return null;
}

/** A journal's day from an address or a form: the date, or null when it is not one. */
export function journalDate(value: unknown): string | null {
  return typeof value === "string" && journalDateProblem(value) === null ? value : null;
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number) {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + days);
  return next.toISOString().slice(0, 10);
}

/** Today on the wall clock of `timeZone` (the member's). */
export function todayIn(timeZone: string, now = new Date()) {
  return wallClockIn(now, timeZone).slice(0, 10);
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "Wednesday 25 November 2026": a journal's day as its heading reads. */
export function dayHeading(date: string) {
  const [year, month, day] = date.split("-").map(Number);
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return `${weekday} ${day} ${MONTHS[month - 1]} ${year}`;
}

/** The journal page of a day, and its dialog and print view. */
export const journalPage = (date: string) => `/user/journal?date=${date}`;
export const journalDialog = (date: string) => `/user/journal/${date}`;
export const journalPrint = (date: string) => `/user/journal/${date}/print`;

/** SPEC.md §8's notice once a day's journal is saved. */
export const savedMessage = (date: string) => `Journal saved under the date ${formatDate(date)}`;
