import { describe, expect, test } from "vitest";
import {
  completedCount,
  createTask,
  deleteTask,
  getOwnOccurrence,
  listCategories,
  markOccurrence,
  occurrencesBetween,
  taskGroup,
} from "~/features/calendar/calendar.server";
import { db } from "~/lib/db.server";
import { createdLongAgo, taskFields } from "./calendar-fixtures";
import { createSignedInMember } from "./helpers";

describe("calendar data", () => {
  test("occurrences of the member's groups in a range, with statuses; another member's never", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    const daily = await createTask(member.id, taskFields({ category: "Work" }), "Europe/Berlin");
    await createTask(
      member.id,
      taskFields({
        kind: "appointment",
        title: "Dentist",
        recurrence: "none",
        occurrence_count: null,
        start_date: "2026-11-25",
        start_time: "14:00",
        end_time: "15:00",
        place: "Clinic",
      }),
      "UTC",
    );
    await createTask(other.id, taskFields({ title: "Not mine" }), "UTC");
    await createdLongAgo(member.id);
    await markOccurrence(member.id, daily, "2026-11-23", "completed");
    const now = new Date("2026-11-25T12:00:00Z");
    const found = await occurrencesBetween(member.id, "2026-11-23", "2026-11-25", now);
    expect(found.map((o) => [o.title, o.date, o.status])).toEqual([
      ["Stand-up", "2026-11-23", "completed"],
      ["Stand-up", "2026-11-24", "missed"],
      ["Stand-up", "2026-11-25", "missed"],
      ["Dentist", "2026-11-25", "pending"],
    ]);
    expect(found[0].startsAt).toBe("2026-11-23T08:00:00.000Z");
    expect(await listCategories(member.id)).toEqual(["Work"]);
    expect(await listCategories(other.id)).toEqual([]);

    const group = await taskGroup(member.id, daily, "2026-11-25", now);
    expect(group?.summary).toMatchObject({ CompleteTaskCount: 1, PendingTaskCount: 4, DueTaskCount: 2 });
    expect(await taskGroup(other.id, daily, "2026-11-25", now)).toBeNull();
    expect(await getOwnOccurrence(member.id, `${daily}-2026-11-24`, now)).toMatchObject({ occurrence: { status: "missed" } });
    expect(await getOwnOccurrence(member.id, `${daily}-2026-12-24`, now)).toBeNull();
    expect(await getOwnOccurrence(other.id, `${daily}-2026-11-24`, now)).toBeNull();
    expect(await getOwnOccurrence(member.id, "nonsense", now)).toBeNull();
    expect(await completedCount(member.id, daily)).toBe(1);

    expect(await deleteTask(other.id, daily)).toBe(false);
    expect(await deleteTask(member.id, daily)).toBe(true);
    expect(await db.selectFrom("calendar_occurrences").selectAll().where("task_id", "=", daily).execute()).toEqual([]);
  });
});
