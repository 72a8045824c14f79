// How the app writes dates, times, money and places, on the server and in the browser alike.
// Intl works out the calendar fields in a zone; the words around them are ours, so that the
// server's and the browser's ICU versions (which disagree on "Sep"/"Sept") render the same
// text and hydration matches.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

type Fields = { year: number; month: number; day: number; hour: number; minute: number };

const partsFormats = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    partsFormats.set(timeZone, format);
  }
  return format;
}

// formatToParts is the costly part of a timeline's render (two dates a post): the same
// instants come back on every page view, so the fields of the latest ones are kept (bounded).
const FIELDS_KEPT = 5000;
const fieldsKept = new Map<string, Fields>();

/** The wall clock in `timeZone` at the instant `iso`. */
function fieldsIn(iso: string, timeZone: string): Fields {
  const key = `${timeZone} ${iso}`;
  let fields = fieldsKept.get(key);
  if (!fields) {
    const parts = partsFormat(timeZone).formatToParts(new Date(iso));
    const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value);
    fields = { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute") };
    if (fieldsKept.size >= FIELDS_KEPT) fieldsKept.clear();
    fieldsKept.set(key, fields);
  }
  return fields;
}

/** The fields of "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM", read as they are written (no zone). */
function fieldsOfLocal(local: string): Fields {
  const [date, time = "00:00"] = local.split("T");
  const [year, month, day] = date.split("-").map(Number);
  const [hour, minute] = time.split(":").map(Number);
  return { year, month, day, hour, minute };
}

const pad = (value: number) => String(value).padStart(2, "0");
const dayMonthYear = (fields: Fields) => `${fields.day} ${MONTHS[fields.month - 1]} ${fields.year}`;
const clock = (fields: Fields) => `${pad(fields.hour)}:${pad(fields.minute)}`;
const weekday = (fields: Fields) => WEEKDAYS[new Date(Date.UTC(fields.year, fields.month - 1, fields.day)).getUTCDay()];

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** "25 Nov 2026": a calendar date ("2026-11-25") as it is, or the date of an instant in `timeZone`. */
export function formatDate(value: string, timeZone = "UTC") {
  return dayMonthYear(LOCAL_DATE.test(value) ? fieldsOfLocal(value) : fieldsIn(value, timeZone));
}

/** "25 Nov 2026, 14:05": an instant on the wall clock of `timeZone` (the viewer's). */
export function formatDateTime(iso: string, timeZone: string, { showZone = false } = {}) {
  const fields = fieldsIn(iso, timeZone);
  return `${dayMonthYear(fields)}, ${clock(fields)}${showZone ? ` (${zoneLabel(timeZone)})` : ""}`;
}

/** "14:05": the time of day of an instant in `timeZone`. */
export function formatTimeOfDay(iso: string, timeZone: string) {
  return clock(fieldsIn(iso, timeZone));
}

/** "America/New York" from "America/New_York": how a zone is named to members. */
export function zoneLabel(timeZone: string) {
  return timeZone.replace(/_/g, " ");
}

/** "Sat 5 Dec 2026, 19:00" from a wall-clock "2026-12-05T19:00" (an event's time at its venue). */
export function formatWallClock(local: string) {
  const fields = fieldsOfLocal(local);
  return `${weekday(fields)} ${dayMonthYear(fields)}, ${clock(fields)}`;
}

/** "Sat 5 Dec 2026, 19:00 – 22:00 (Africa/Lagos)": an event's times at its venue, in its own
 * zone, which is always named (members elsewhere must not take it for theirs). */
export function formatEventRange(startsAt: string, endsAt: string, timeZone: string) {
  const sameDay = startsAt.slice(0, 10) === endsAt.slice(0, 10);
  const end = sameDay ? clock(fieldsOfLocal(endsAt)) : formatWallClock(endsAt);
  return `${formatWallClock(startsAt)} – ${end} (${zoneLabel(timeZone)})`;
}

/** "Sat 5 Dec 2026, 19:00 (Africa/Lagos)": when an event starts, zone named. */
export function formatEventStart(startsAt: string, timeZone: string) {
  return `${formatWallClock(startsAt)} (${zoneLabel(timeZone)})`;
}

/** "$20", "$20.50", "€1,000": integer cents in their currency. */
export function formatMoney(cents: number, currency: string) {
  return new Intl.NumberFormat("en-US", { style: "currency", currency, minimumFractionDigits: cents % 100 ? 2 : 0 }).format(cents / 100);
}

/** A price as members say it: "Free" when nothing (or no amount) is asked. */
export function formatPrice(cents: number | null | undefined, currency: string) {
  return cents ? formatMoney(cents, currency) : "Free";
}

// "Lagos State" names the same place as "Lagos" in a city, province, country line.
const comparable = (part: string) =>
  part
    .trim()
    .toLowerCase()
    .replace(/\s+(state|province|region|county)$/, "");

/** "Lagos, Nigeria" from ["Lagos", "Lagos", "Nigeria"]: the parts of a place, empty ones and
 * repeats left out. */
export function joinPlace(parts: readonly (string | null | undefined)[]) {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const part of parts) {
    if (!part?.trim()) continue;
    const key = comparable(part);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(part.trim());
  }
  return kept.join(", ");
}
