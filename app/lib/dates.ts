// Calendar dates ("YYYY-MM-DD") and the years of the yearly pages (wish list, big tasks, net
// worth): the one range their addresses, forms and year selectors accept. Plain code:
// components use it too.

/** Whether `value` is a real calendar date written yyyy-mm-dd (not 2026-02-30). */
export function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

/** What a year outside the range is refused with (a 400 or a field message). */
export const YEAR_MESSAGE = `Enter a year from ${FIRST_YEAR} to ${LAST_YEAR}.`;

export function isKeptYear(year: number) {
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

export function thisYear(now = new Date()) {
  return now.getUTCFullYear();
}

/** The `?year=` of a yearly page: this year when absent, null when out of range. */
export function yearFromAddress(value: string | null, now = new Date()) {
  if (value === null || value === "") return thisYear(now);
  return /^\d{4}$/.test(value) && isKeptYear(Number(value)) ? Number(value) : null;
}

/** A year selector's choices: `back` years before this one to `ahead` after it, and the one shown. */
export function yearChoices(current: number, shown: number, { back, ahead }: { back: number; ahead: number }) {
  const years = new Set<number>();
  for (let year = current - back; year <= current + ahead; year++) if (isKeptYear(year)) years.add(year);
  years.add(shown);
  return [...years].sort((a, b) => a - b);
}

// A DateTimeFormat costs far more to build than to use (every member page asks for today), so
// one per zone is kept, with the last wall clock it gave: since 1973 every zone has been a whole
// number of minutes ahead of UTC, so a later instant of the same minute has the same one.
const WHOLE_MINUTES_SINCE = Date.UTC(1973, 0, 1);
const wallClocks = new Map<string, { format: Intl.DateTimeFormat; minute: number; text: string }>();

/** The wall clock ("YYYY-MM-DDTHH:MM") of the instant `at` in `timeZone`. */
export function wallClockIn(at: string | Date, timeZone: string) {
  let zone = wallClocks.get(timeZone);
  if (!zone) {
    const format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    wallClocks.set(timeZone, (zone = { format, minute: Number.NaN, text: "" }));
  }
  const instant = typeof at === "string" ? new Date(at) : at;
  const minute = Math.floor(instant.getTime() / 60_000);
  if (minute === zone.minute) return zone.text;
  const parts = zone.format.formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? "";
  const text = `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
  if (instant.getTime() >= WHOLE_MINUTES_SINCE) Object.assign(zone, { minute, text });
  return text;
}
