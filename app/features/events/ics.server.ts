import { wallClockToUtc } from "./time";

// An event as iCalendar (RFC 5545): one VEVENT whose times are UTC instants (…Z), computed from
// the venue's wall clock and zone each on its own date, so a DST change between start and end (or a
// zone's rules) needs no VTIMEZONE.

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeText(value: string) {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets are folded with CRLF and a space (§3.1), never inside a
 * UTF-8 character. */
export function foldLine(line: string) {
  // Most lines are short: measured once (a TextEncoder per character took two thirds of a feed).
  if (Buffer.byteLength(line) <= 75) return line;
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const code = char.codePointAt(0)!;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
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

const utcStamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

type CalendarEvent = {
  id: number;
  title: string;
  description: string | null;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  starts_at_utc: string | null;
  place: string;
};

export function eventCalendar(event: CalendarEvent, { host, url, now = new Date() }: { host: string; url: string; now?: Date }) {
  return eventsCalendar([{ ...event, url }], { host, now });
}

/** Several events in one calendar (a member's data export); `uid` defaults to the event's. */
export function eventsCalendar(events: (CalendarEvent & { url: string; uid?: string })[], { host, now = new Date() }: { host: string; now?: Date }) {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Chapter//Events//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH"];
  for (const event of events) {
    // Each wall-clock time is read in the venue's zone with the offset in force on its own date.
    const when = (local: string) => `:${utcStamp(new Date(wallClockToUtc(local, event.time_zone || "UTC")))}`;
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid ?? `event-${event.id}`}@${host}`,
      `DTSTAMP:${utcStamp(now)}`,
      `DTSTART${when(event.starts_at)}`,
      `DTEND${when(event.ends_at)}`,
      `SUMMARY:${escapeText(event.title)}`,
    );
    if (event.place) lines.push(`LOCATION:${escapeText(event.place)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    lines.push(`URL:${event.url}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
