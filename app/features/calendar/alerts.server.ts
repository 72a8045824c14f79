import { addDays } from "~/features/journal/dates";
import { notify } from "~/features/notifications/notifications.server";
import { db, nowIso } from "~/lib/db.server";
import { ALERT_LEAD_CHOICES, DEFAULT_ALERT_MINUTES } from "./constants";
import { occurrencesOf } from "./recurrence.server";
import { wallClockIn } from "./range";

/** The member's alert lead time in minutes. */
export async function alertMinutesOf(memberId: number) {
  const row = await db.selectFrom("users").select("calendar_alert_minutes").where("id", "=", memberId).executeTakeFirst();
  return row?.calendar_alert_minutes ?? DEFAULT_ALERT_MINUTES;
}

export async function setAlertMinutes(memberId: number, minutes: number) {
  if (!ALERT_LEAD_CHOICES.some((choice) => choice.value === String(minutes))) throw new Error(`Not an alert lead time: ${minutes}`);
  await db.updateTable("users").set({ calendar_alert_minutes: minutes }).where("id", "=", memberId).execute();
}

/** Tells each member, in the app and by e-mail, about their alert-flagged occurrences that start
 * within their lead time from `now` and are not completed or cancelled. Each occurrence is
 * claimed by a unique row first, so however many instances run this at once, it is sent once.
 * Returns how many were sent. */
export async function sendCalendarAlerts(now = new Date()) {
  // A day either side of UTC's date covers every zone's today and tomorrow.
  const today = now.toISOString().slice(0, 10);
  const from = addDays(today, -1);
  const to = addDays(today, 2);
  const tasks = await db
    .selectFrom("calendar_tasks")
    .innerJoin("users", "users.id", "calendar_tasks.member_id")
    .selectAll("calendar_tasks")
    .select(["users.calendar_alert_minutes", "users.time_zone as member_zone"])
    .where("calendar_tasks.alert", "=", 1)
    .where("users.disabled_at", "is", null)
    .where("calendar_tasks.start_date", "<=", to)
    .where((eb) => eb.or([eb("calendar_tasks.until_date", "is", null), eb("calendar_tasks.until_date", ">=", from)]))
    .execute();
  let sent = 0;
  for (const task of tasks) {
    const lead = (task.calendar_alert_minutes ?? DEFAULT_ALERT_MINUTES) * 60_000;
    const marks = await db
      .selectFrom("calendar_occurrences")
      .select(["date", "status"])
      .where("task_id", "=", task.id)
      .where("date", ">=", from)
      .where("date", "<=", to)
      .execute();
    const marked = new Map(marks.map((mark) => [mark.date, mark.status]));
    for (const occurrence of occurrencesOf(task, from, to, marked, now)) {
      const startsIn = new Date(occurrence.startsAt).getTime() - now.getTime();
      if (occurrence.status !== "pending" || startsIn <= 0 || startsIn > lead) continue;
      const claimed = await db
        .insertInto("calendar_alerts_sent")
        .values({ task_id: task.id, member_id: task.member_id, date: occurrence.date, sent_at: nowIso() })
        .onConflict((conflict) => conflict.columns(["task_id", "date"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (!claimed) continue;
      const at = wallClockIn(occurrence.startsAt, task.member_zone ?? task.time_zone).replace("T", " at ");
      const message = `${task.title} starts ${at}.`;
      await notify({
        memberId: task.member_id,
        kind: "calendar_alert",
        message,
        linkPath: `/user/calendar/tasks/${task.id}`,
        email: { subject: `Reminder: ${task.title}`, text: `${message}\n\nIt is in your Chapter calendar.` },
      });
      sent += 1;
    }
  }
  return sent;
}
