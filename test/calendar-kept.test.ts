import { afterEach, describe, expect, test, vi } from "vitest";
import { createTask, markOccurrence } from "~/features/calendar/calendar.server";
import { calendarVersion } from "~/features/calendar/kept.server";
import { db } from "~/lib/db.server";
import { loader as feedLoader } from "~/routes/calendar/calendar-feed.$token.calendar[.]ics";
import { loader as pageLoader } from "~/routes/calendar/user.calendar";
import * as settings from "~/routes/settings/user.settings.calendar";
import { taskFields } from "./calendar-fixtures";
import { createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

// The calendar page and feed are made once per state of a member's calendar (kept.server.ts):
// whatever writes to it, this server, another instance or a hand in the database, the next
// request shows it, and time alone turns a pending occurrence missed.

type Page = { occurrences: { key: string; title: string; status: string }[]; daily: { key: string; status: string }[]; made: string };

async function page(member: TestMember, address: string) {
  return (await (await settle(() => pageLoader(routeArgs(getRequest(address, member.cookie))))).json()) as Page;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the calendar as it is now, however it was changed", () => {
  test("the page follows writes made outside this server: a title, a mark, a deletion", async () => {
    const member = await createSignedInMember();
    const id = await createTask(member.id, taskFields({ title: "Stand-up", start_date: "2030-01-07", occurrence_count: 3 }), "UTC");
    const week = "/user/calendar?view=week&date=2030-01-07";
    const first = await page(member, week);
    expect(first.occurrences.map((o) => o.title)).toEqual(["Stand-up", "Stand-up", "Stand-up"]);
    // Asked again with nothing changed: the page made before.
    expect((await page(member, week)).made).toBe(first.made);

    // As another instance would: straight into the database.
    await db.updateTable("calendar_tasks").set({ title: "Daily sync" }).where("id", "=", id).execute();
    expect((await page(member, week)).occurrences.map((o) => o.title)).toEqual(["Daily sync", "Daily sync", "Daily sync"]);

    await db
      .insertInto("calendar_occurrences")
      .values({ task_id: id, member_id: member.id, date: "2030-01-08", status: "completed", updated_at: "2030-01-01T00:00:00.000Z" })
      .execute();
    expect((await page(member, week)).occurrences.find((o) => o.key === `${id}-2030-01-08`)?.status).toBe("completed");
    await db.updateTable("calendar_occurrences").set({ status: "cancelled" }).where("task_id", "=", id).execute();
    expect((await page(member, week)).occurrences.find((o) => o.key === `${id}-2030-01-08`)?.status).toBe("cancelled");
    await db.deleteFrom("calendar_occurrences").where("task_id", "=", id).execute();
    expect((await page(member, week)).occurrences.find((o) => o.key === `${id}-2030-01-08`)?.status).not.toBe("cancelled");

    await db.deleteFrom("calendar_tasks").where("id", "=", id).execute();
    expect((await page(member, week)).occurrences).toEqual([]);
  });

  test("a pending occurrence is missed once it has ended, with nothing written", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-07T08:00:00Z"));
    const member = await createSignedInMember();
    await db.updateTable("users").set({ time_zone: "UTC" }).where("id", "=", member.id).execute();
    const id = await createTask(
      member.id,
      taskFields({ title: "Review", recurrence: "none", start_date: "2030-01-07", start_time: "09:00", end_time: "09:45", occurrence_count: null }),
      "UTC",
    );
    const key = `${id}-2030-01-07`;
    const before = await page(member, "/user/calendar?view=month&date=2030-01-07");
    expect(before.occurrences.find((o) => o.key === key)?.status).toBe("pending");
    expect(before.daily.find((o) => o.key === key)?.status).toBe("pending");
    vi.setSystemTime(new Date("2030-01-07T09:45:00Z"));
    expect((await page(member, "/user/calendar?view=month&date=2030-01-07")).daily.find((o) => o.key === key)?.status).toBe("pending");
    vi.setSystemTime(new Date("2030-01-07T09:46:00Z"));
    const after = await page(member, "/user/calendar?view=month&date=2030-01-07");
    expect(after.occurrences.find((o) => o.key === key)?.status).toBe("missed");
    expect(after.daily.find((o) => o.key === key)?.status).toBe("missed");
  });

  test("each member's token changes with every write to their groups and marks, and only theirs", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    expect(await calendarVersion(member.id)).toBe("");
    const id = await createTask(member.id, taskFields({ start_date: "2030-01-07" }), "UTC");
    await createTask(other.id, taskFields({ start_date: "2030-01-07" }), "UTC");
    const seen = [await calendarVersion(member.id)];
    const otherVersion = await calendarVersion(other.id);
    const changed = async () => {
      const version = await calendarVersion(member.id);
      expect(seen).not.toContain(version);
      seen.push(version);
    };
    expect(seen[0]).toMatch(/^[0-9a-f]{16}$/);
    await db.updateTable("calendar_tasks").set({ priority: 9 }).where("id", "=", id).execute();
    await changed();
    await markOccurrence(member.id, id, "2030-01-08", "completed");
    await changed();
    await markOccurrence(member.id, id, "2030-01-08", "cancelled");
    await changed();
    await db.deleteFrom("calendar_occurrences").where("task_id", "=", id).execute();
    await changed();
    await db.deleteFrom("calendar_tasks").where("id", "=", id).execute();
    await changed();
    expect(await calendarVersion(other.id)).toBe(otherVersion);

    // A member with groups and marks can still be deleted (their token goes with them).
    const gone = await createTask(other.id, taskFields({ start_date: "2030-01-07" }), "UTC");
    await markOccurrence(other.id, gone, "2030-01-07", "completed");
    await db.deleteFrom("users").where("id", "=", other.id).execute();
    expect(await calendarVersion(other.id)).toBe("");
  });

  test("the feed follows writes made outside this server, and is stamped when it is asked for", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-07T08:00:00Z"));
    const member = await createSignedInMember();
    const id = await createTask(member.id, taskFields({ title: "Stand-up", start_date: "2030-01-07" }), "UTC");
    const response = await settle(() => settings.action(routeArgs(postRequest("/user/settings/calendar", { csrf: "x", intent: "feed" }, member.cookie))));
    const { address } = (await response.json()) as { address: string };
    const token = /\/calendar-feed\/([^/]+)\/calendar\.ics$/.exec(address)?.[1] ?? "";
    const feed = async () => (await settle(() => feedLoader(routeArgs(new Request(address), { token })))).text();

    expect(await feed()).toContain("DTSTAMP:20300107T080000Z\r\nLAST-MODIFIED");
    vi.setSystemTime(new Date("2030-01-07T08:05:00Z"));
    const again = await feed();
    expect(again).toContain("SUMMARY:Stand-up\r\n");
    expect(again).toContain("DTSTAMP:20300107T080500Z\r\n");
    expect(again).not.toContain("DTSTAMP:20300107T080000Z");

    await db.updateTable("calendar_tasks").set({ title: "Daily sync" }).where("id", "=", id).execute();
    expect(await feed()).toContain("SUMMARY:Daily sync\r\n");
    await db.updateTable("users").set({ calendar_alert_minutes: 60 }).where("id", "=", member.id).execute();
    await db.updateTable("calendar_tasks").set({ alert: 1 }).where("id", "=", id).execute();
    expect(await feed()).toContain("TRIGGER:-PT60M\r\n");
    await db.updateTable("users").set({ calendar_alert_minutes: 30 }).where("id", "=", member.id).execute();
    expect(await feed()).toContain("TRIGGER:-PT30M\r\n");
  });
});
