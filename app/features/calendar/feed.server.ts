import crypto from "node:crypto";
import { escapeText, foldLine } from "~/features/events/ics.server";
import { db } from "~/lib/db.server";
import { alertMinutesOf } from "./alerts.server";
import { KeptCalendars } from "./kept.server";
import { rruleText } from "./recurrence.server";

// The member's private calendar feed (iCalendar, RFC 5545) for phones and desktop calendars
// to subscribe to: each group is one VEVENT, repeating ones with their RRULE, in the zone the
// group was created in (TZID with its IANA name, which the calendars subscribing read), so a
// weekly 09:00 stays 09:00 there too; cancelled occurrences are EXDATEs; alert-flagged groups
// carry a VALARM at the member's alert lead time.

const hashOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** A new random address token for the member; the old one stops working. Only its hash is kept,
 * so the token is shown once, now. */
export async function resetFeedToken(memberId: number) {
  const token = crypto.randomBytes(24).toString("base64url");
  await db
    .updateTable("users")
    .set({ calendar_feed_hash: hashOf(token) })
    .where("id", "=", memberId)
    .execute();
  return token;
}

export async function hasFeed(memberId: number) {
  const row = await db.selectFrom("users").select("calendar_feed_hash").where("id", "=", memberId).executeTakeFirst();
  return Boolean(row?.calendar_feed_hash);
}

/** The member a feed token belongs to, or null (a wrong or reset token). */
export async function memberOfFeed(token: string) {
  if (!/^[A-Za-z0-9_-]{32}$/.test(token)) return null;
  const row = await db.selectFrom("users").select("id").where("calendar_feed_hash", "=", hashOf(token)).executeTakeFirst();
  return row?.id ?? null;
}

const local = (date: string, time: string) => `${date.replace(/-/g, "")}T${time.replace(":", "")}00`;
const utcStamp = (date: Date) => `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;

/** The feeds made from members' calendars (kept.server.ts), up to some 20 million characters. */
const feeds = new KeptCalendars<string[]>(20_000_000);

/** The member's whole calendar as an iCalendar feed: made once per state of their calendar, its
 * alert lead time and the host it is asked from, and stamped with `now` on each request. */
export async function calendarFeed(memberId: number, host: string, now = new Date()) {
  const alarmMinutes = await alertMinutesOf(memberId);
  const pieces = await feeds.get(memberId, `${alarmMinutes} ${host}`, async () => {
    const made = await feedPieces(memberId, host, alarmMinutes);
    return { value: made, holdsUntil: Infinity, cost: made.reduce((sum, piece) => sum + piece.length, 0) };
  });
  return pieces.join(utcStamp(now));
}

/** Each event's DTSTAMP: when the feed was written, on each request. */
const STAMP = Symbol("DTSTAMP");

/** The feed's text, in the pieces between its events' DTSTAMP values. */
async function feedPieces(memberId: number, host: string, alarmMinutes: number) {
  const tasks = await db.selectFrom("calendar_tasks").selectAll().where("member_id", "=", memberId).orderBy("id").execute();
  const cancelled = await db
    .selectFrom("calendar_occurrences")
    .select(["task_id", "date"])
    .where("member_id", "=", memberId)
    .where("status", "=", "cancelled")
    .execute();
  const cancelledOf = new Map<number, string[]>();
  for (const mark of cancelled) {
    const dates = cancelledOf.get(mark.task_id);
    if (dates) dates.push(mark.date);
    else cancelledOf.set(mark.task_id, [mark.date]);
  }
  const lines: (string | typeof STAMP)[] = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Chapter//Calendar//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:Chapter calendar",
  ];
  for (const task of tasks) {
    const zone = `;TZID=${task.time_zone}`;
    lines.push(
      "BEGIN:VEVENT",
      `UID:calendar-task-${task.id}@${host}`,
      STAMP,
      `LAST-MODIFIED:${utcStamp(new Date(task.updated_at))}`,
      `DTSTART${zone}:${local(task.start_date, task.start_time)}`,
      `DTEND${zone}:${local(task.end_date ?? task.start_date, task.end_time)}`,
      `SUMMARY:${escapeText(task.title)}`,
      `PRIORITY:${Math.max(1, 10 - task.priority)}`,
    );
    const rule = rruleText(task);
    if (rule) lines.push(`RRULE:${rule}`);
    for (const date of cancelledOf.get(task.id) ?? []) lines.push(`EXDATE${zone}:${local(date, task.start_time)}`);
    for (const date of task.skipped_dates ? task.skipped_dates.split(",") : []) lines.push(`EXDATE${zone}:${local(date, task.start_time)}`);
    if (task.category) lines.push(`CATEGORIES:${escapeText(task.category)}`);
    if (task.place) lines.push(`LOCATION:${escapeText(task.place)}`);
    const description = [task.person ? `With ${task.person}` : null, task.description].filter(Boolean).join("\n");
    if (description) lines.push(`DESCRIPTION:${escapeText(description)}`);
    if (task.alert) lines.push("BEGIN:VALARM", "ACTION:DISPLAY", `DESCRIPTION:${escapeText(task.title)}`, `TRIGGER:-PT${alarmMinutes}M`, "END:VALARM");
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  // A DTSTAMP line ("DTSTAMP:" and 16 characters) is never folded.
  const pieces: string[] = [];
  let piece = "";
  for (const line of lines) {
    if (line === STAMP) {
      pieces.push(`${piece}DTSTAMP:`);
      piece = "\r\n";
    } else piece += `${foldLine(line)}\r\n`;
  }
  pieces.push(piece);
  return pieces;
}
