import type { TaskFields } from "~/features/calendar/calendar.server";

/** A calendar group's fields: a daily stand-up of seven days from Monday 23 November 2026. */
export function taskFields(overrides: Partial<TaskFields> = {}): TaskFields {
  return {
    kind: "task",
    title: "Stand-up",
    category: null,
    recurrence: "daily",
    weekdays: null,
    month_day: null,
    month_nth: null,
    month_weekday: null,
    year_month: null,
    year_day: null,
    start_date: "2026-11-23",
    start_time: "09:00",
    end_time: "09:30",
    until_date: null,
    occurrence_count: 7,
    priority: 5,
    alert: 0,
    place: null,
    person: null,
    description: null,
    ...overrides,
  };
}

/** Dates the member's groups as created long ago: an occurrence that ended before its group was
 * created is never missed, and tests of missed ones create their past series now. */
export async function createdLongAgo(memberId: number) {
  const { db } = await import("~/lib/db.server");
  await db.updateTable("calendar_tasks").set({ created_at: "2000-01-01T00:00:00.000Z" }).where("member_id", "=", memberId).execute();
}
