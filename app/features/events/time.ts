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

/** Minutes the zone is ahead of UTC at the instant `utcMs`. */
export function zoneOffsetMinutes(utcMs: number, timeZone: string) {
  const parts = offsetFormat(timeZone).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(utcMs / 1000) * 1000) / 60_000);
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
