import { describe, expect, test } from "vitest";
import { sendCalendarAlerts, setAlertMinutes } from "~/features/calendar/alerts.server";
import { createTask, markOccurrence } from "~/features/calendar/calendar.server";
import { calendarFeed } from "~/features/calendar/feed.server";
import { listNotifications } from "~/features/notifications/notifications.server";
import { db } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import * as settings from "~/routes/settings/user.settings.calendar";
import { taskFields } from "./calendar-fixtures";
import { createSignedInMember, flashOf, postRequest, routeArgs, settle } from "./helpers";

async function mailsTo(address: string) {
  return (await listOutbox()).filter((message) => JSON.stringify(message.to).includes(address));
}

describe("calendar alerts", () => {
  test("an alert-flagged occurrence is announced once, within the member's lead time, in the app and by e-mail", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    // Daily 09:00 in Lagos (08:00 UTC), alert on; another task without alert; another member's.
    const daily = await createTask(
      member.id,
      taskFields({ title: "Customs call", start_date: "2026-11-23", start_time: "09:00", end_time: "09:30", alert: 1 }),
      "Africa/Lagos",
    );
    await createTask(member.id, taskFields({ title: "Quiet task", alert: 0 }), "Africa/Lagos");
    await createTask(other.id, taskFields({ title: "Other's call", start_time: "10:00", end_time: "10:30", alert: 1 }), "UTC");

    // 20 minutes before: outside the default 15 minutes.
    expect(await sendCalendarAlerts(new Date("2026-11-25T07:40:00Z"))).toBe(0);
    // 10 minutes before: sent, and only once however many instances run the sweep.
    const at = new Date("2026-11-25T07:50:00Z");
    const runs = await Promise.all([sendCalendarAlerts(at), sendCalendarAlerts(at), sendCalendarAlerts(at)]);
    expect(runs.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await sendCalendarAlerts(new Date("2026-11-25T07:55:00Z"))).toBe(0);
    const notes = await listNotifications(member.id);
    expect(notes.map((note) => note.message)).toEqual(["Customs call starts 2026-11-25 at 09:00."]);
    expect((await mailsTo(member.email)).map((mail) => mail.subject)).toEqual(["Reminder: Customs call"]);
    expect(await db.selectFrom("calendar_alerts_sent").select(["task_id", "date"]).where("member_id", "=", member.id).execute()).toEqual([
      { task_id: daily, date: "2026-11-25" },
    ]);

    // A completed or cancelled occurrence is not announced; a longer lead time reaches further.
    await markOccurrence(member.id, daily, "2026-11-26", "cancelled");
    expect(await sendCalendarAlerts(new Date("2026-11-26T07:50:00Z"))).toBe(0);
    const response = await settle(() =>
      settings.action(routeArgs(postRequest("/user/settings/calendar", { csrf: "x", intent: "alert-minutes", alert_minutes: "60" }, member.cookie))),
    );
    expect(await flashOf(response)).toEqual({ type: "success", message: "Your calendar alerts are saved." });
    expect(await sendCalendarAlerts(new Date("2026-11-27T07:10:00Z"))).toBe(1);
    expect(await calendarFeed(member.id, "chapter.test")).toContain("TRIGGER:-PT60M");
    const refused = await settle(() =>
      settings.action(routeArgs(postRequest("/user/settings/calendar", { csrf: "x", intent: "alert-minutes", alert_minutes: "7" }, member.cookie))),
    );
    expect(refused.status).toBe(400);
    await expect(setAlertMinutes(member.id, 7)).rejects.toThrow();
    // The other member's alert at 10:00 UTC is theirs alone.
    expect(await sendCalendarAlerts(new Date("2026-11-25T09:50:00Z"))).toBe(1);
    expect((await listNotifications(other.id)).map((note) => note.message)).toEqual(["Other's call starts 2026-11-25 at 10:00."]);
    expect((await listNotifications(member.id)).every((note) => !note.message.includes("Other's"))).toBe(true);
  });
});
