import { zoneOffsetMinutes } from "./time";

// An event as iCalendar (RFC 5545): one VEVENT, with the venue's time zone as a VTIMEZONE.

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets are folded with CRLF and a space (§3.1), never inside a
 * UTF-8 character. */
export function foldLine(line: string) {
  const encoder = new TextEncoder();
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = out.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

const basic = (local: string) => `${local.replace(/[-:]/g, "")}00`; // 2026-12-05T19:00 → 20261205T190000
const utcStamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

function offset(minutes: number) {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}${String(abs % 60).padStart(2, "0")}`;
}

export function eventCalendar(
  event: {
    id: number;
    title: string;
    description: string | null;
    starts_at: string;
    ends_at: string;
    time_zone: string;
    starts_at_utc: string | null;
    place: string;
  },
  { host, url, now = new Date() }: { host: string; url: string; now?: Date },
) {
  const utc = event.time_zone === "UTC" || event.time_zone === "Etc/UTC";
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Chapter//Events//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  if (!utc) {
    // The offset in force at the start; enough for the calendar to place this one event.
    const at = event.starts_at_utc ? Date.parse(event.starts_at_utc) : Date.parse(`${event.starts_at}:00Z`);
    const minutes = zoneOffsetMinutes(at, event.time_zone);
    lines.push(
      "BEGIN:VTIMEZONE",
      `TZID:${event.time_zone}`,
      "BEGIN:STANDARD",
      "DTSTART:19700101T000000",
      `TZOFFSETFROM:${offset(minutes)}`,
      `TZOFFSETTO:${offset(minutes)}`,
      "END:STANDARD",
      "END:VTIMEZONE",
    );
  }
  const when = (local: string) => (utc ? `:${basic(local)}Z` : `;TZID=${event.time_zone}:${basic(local)}`);
  lines.push(
    "BEGIN:VEVENT",
    `UID:event-${event.id}@${host}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART${when(event.starts_at)}`,
    `DTEND${when(event.ends_at)}`,
    `SUMMARY:${escapeText(event.title)}`,
  );
  if (event.place) lines.push(`LOCATION:${escapeText(event.place)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  lines.push(`URL:${url}`, "END:VEVENT", "END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
