// Wall-clock times at a venue ("YYYY-MM-DDTHH:MM" in an IANA zone) and the instants they are.

// Making an Intl.DateTimeFormat costs far more than using one: one per zone, kept (the calendar
// converts thousands of occurrences per page).
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(timeZone: string) {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    offsetFormats.set(timeZone, format);
  }
  return format;
}

function exactOffsetMinutes(utcMs: number, timeZone: string) {
  const parts = offsetFormat(timeZone).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
}

// A zone's offset changes a few times a year, never twice in one day: a UTC day that starts and
// ends with the same offset has it throughout, so one pair of look-ups serves every time of that
// day (a calendar month converts thousands of occurrences over some 30 days). A day that starts
// and ends with different offsets is kept with the second its offset changes (found in ~17
// look-ups): asked for each time, a change's day cost the bench's month of 200 series ~76
// look-ups of ~8 µs. Null: more than one change that day, and each time is looked up. Bounded.
const DAY_MS = 86_400_000;
const DAYS_KEPT = 20_000;
type DayOffset = number | { before: number; after: number; changeMs: number } | null;
const dayOffsets = new Map<string, Map<number, DayOffset>>();

/** Minutes the zone is ahead of UTC at the instant `utcMs`. */
export function zoneOffsetMinutes(utcMs: number, timeZone: string) {
  const day = Math.floor(utcMs / DAY_MS);
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  let offset = days.get(day);
  if (offset === undefined) {
    const start = day * DAY_MS;
    const first = exactOffsetMinutes(start, timeZone);
    const last = exactOffsetMinutes(start + DAY_MS - 1000, timeZone);
    offset = first === last ? first : changeWithin(start, first, last, timeZone);
    if (days.size >= DAYS_KEPT) days.clear();
    days.set(day, offset);
  }
  if (typeof offset === "number") return offset;
  if (offset) return utcMs < offset.changeMs ? offset.before : offset.after;
  return exactOffsetMinutes(utcMs, timeZone);
}

/** The second of the UTC day from `start` at which the zone's offset goes from `before` to
 * `after` (a zone's offset is the same through each second); null when a third offset turns up. */
function changeWithin(start: number, before: number, after: number, timeZone: string): DayOffset {
  let low = start;
  let high = start + DAY_MS - 1000;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    const offset = exactOffsetMinutes(middle, timeZone);
    if (offset === before) low = middle;
    else if (offset === after) high = middle;
    else return null;
  }
  return { before, after, changeMs: high };
}

// V8's Date.prototype.toISOString takes ~1.3 µs, and a calendar month writes some 3,000
// instants and 3,000 wall clocks. The date part is kept per day (a page touches a few dozen
// days; bounded), the time of day is worked out.
// Outside years 0000–9999 the year has a sign and six digits: left to V8.
const FIRST_ISO_MS = Date.parse("0000-01-01T00:00:00.000Z");
const LAST_ISO_MS = Date.parse("9999-12-31T23:59:59.999Z");
const dayIsos = new Map<number, string>();
const pad = (value: number, digits: number) => String(value).padStart(digits, "0");

/** `new Date(ms).toISOString()` ("YYYY-MM-DDTHH:MM:SS.sssZ") at a fifth of its cost (~0.27 µs). */
export function isoOf(ms: number) {
  if (!(ms >= FIRST_ISO_MS && ms <= LAST_ISO_MS) || !Number.isInteger(ms)) return new Date(ms).toISOString();
  const day = Math.floor(ms / DAY_MS);
  let date = dayIsos.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 11);
    if (dayIsos.size >= DAYS_KEPT) dayIsos.clear();
    dayIsos.set(day, date);
  }
  const time = ms - day * DAY_MS;
  return `${date}${pad(Math.floor(time / 3_600_000), 2)}:${pad(Math.floor(time / 60_000) % 60, 2)}:${pad(Math.floor(time / 1000) % 60, 2)}.${pad(time % 1000, 3)}Z`;
}

/** `new Date(iso).getTime()`, read by position when `iso` is written as toISOString writes
 * (V8's parser takes ~0.5 µs); anything else, or a field out of its range, is left to V8. */
export function isoMs(iso: string) {
  if (iso.length === 24 && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(iso)) {
    // Date.UTC reads a year under 100 as 19xx.
    const year = digitsAt(iso, 0, 4);
    const month = digitsAt(iso, 5, 7);
    const day = digitsAt(iso, 8, 10);
    const hour = digitsAt(iso, 11, 13);
    const minute = digitsAt(iso, 14, 16);
    const second = digitsAt(iso, 17, 19);
    if (year >= 100 && month >= 1 && month <= 12 && day >= 1 && day <= 31 && hour <= 23 && minute <= 59 && second <= 59) {
      return Date.UTC(year, month - 1, day, hour, minute, second, digitsAt(iso, 20, 23));
    }
  }
  return new Date(iso).getTime();
}

/** The wall clock ("YYYY-MM-DDTHH:MM") in `timeZone` of the UTC instant `iso`. */
export function utcToWallClock(iso: string, timeZone: string) {
  const utcMs = isoMs(iso);
  return isoOf(utcMs + zoneOffsetMinutes(utcMs, timeZone) * 60_000).slice(0, 16);
}

/** The number the digits of `text` from `from` to `to` write (a function of the module's: as a
 * closure over the text it cost ~0.9 µs a time, Node 20). */
export function digitsAt(text: string, from: number, to: number) {
  let value = 0;
  for (let at = from; at < to; at++) value = value * 10 + text.charCodeAt(at) - 48;
  return value;
}

/** A wall-clock time ("YYYY-MM-DDTHH:MM") as if it were UTC, in ms: read by position when it is
 * written so (the calendar's thousands of occurrences), else by its parts. */
function wallClockMs(local: string) {
  if (local.length === 16 && /^\d{4}-\d\d-\d\dT\d\d:\d\d$/.test(local)) {
    return Date.UTC(digitsAt(local, 0, 4), digitsAt(local, 5, 7) - 1, digitsAt(local, 8, 10), digitsAt(local, 11, 13), digitsAt(local, 14, 16));
  }
  const [date, time] = local.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return Date.UTC(year, month - 1, day, hour, minute);
}

/** The UTC instant (ISO) of a wall-clock time in a zone. A time skipped by a DST change is read
 * with the offset before the change. */
export function wallClockToUtc(local: string, timeZone: string) {
  return isoOf(wallClockMsToUtcMs(wallClockMs(local), timeZone));
}

/** wallClockToUtc on numbers: the wall-clock time as if it were UTC, in ms, to the instant in ms
 * (the calendar works out thousands of occurrences a page without writing and reading them). */
export function wallClockMsToUtcMs(wallMs: number, timeZone: string) {
  const instant = wallMs - zoneOffsetMinutes(wallMs, timeZone) * 60_000;
  return wallMs - zoneOffsetMinutes(instant, timeZone) * 60_000;
}
