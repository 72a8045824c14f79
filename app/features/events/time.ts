// Wall-clock times at a venue ("YYYY-MM-DDTHH:MM" in an IANA zone) and the instants they are.

// Making an Intl.DateTimeFormat costs far more than using one: one per zone, kept (the calendar
// converts thousands of occurrences per page).
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetFormat(timeZone: string) {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
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
// day (a calendar month converts thousands of occurrences over some 30 days). Null: the offset
// changes that day, and each time is looked up. Bounded.
const DAY_MS = 86_400_000;
const DAYS_KEPT = 20_000;
const dayOffsets = new Map<string, Map<number, number | null>>();

/** Minutes the zone is ahead of UTC at the instant `utcMs`. */
export function zoneOffsetMinutes(utcMs: number, timeZone: string) {
  const day = Math.floor(utcMs / DAY_MS);
  let days = dayOffsets.get(timeZone);
  if (!days) dayOffsets.set(timeZone, (days = new Map()));
  let offset = days.get(day);
  if (offset === undefined) {
    const first = exactOffsetMinutes(day * DAY_MS, timeZone);
    offset = first === exactOffsetMinutes((day + 1) * DAY_MS - 1000, timeZone) ? first : null;
    if (days.size >= DAYS_KEPT) days.clear();
    days.set(day, offset);
  }
  return offset ?? exactOffsetMinutes(utcMs, timeZone);
}

/** The wall clock ("YYYY-MM-DDTHH:MM") in `timeZone` of the UTC instant `iso`. */
export function utcToWallClock(iso: string, timeZone: string) {
  const utcMs = new Date(iso).getTime();
  return new Date(utcMs + zoneOffsetMinutes(utcMs, timeZone) * 60_000).toISOString().slice(0, 16);
}

/** The UTC instant (ISO) of a wall-clock time in a zone. A time skipped by a DST change is read
 * with the offset before the change. */
export function wallClockToUtc(local: string, timeZone: string) {
  const [date, time] = local.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let instant = guess - zoneOffsetMinutes(guess, timeZone) * 60_000;
  instant = guess - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return new Date(instant).toISOString();
}
