// The calendar with a full diary: one member with 200 series over 5 years (daily, weekly,
// every two weeks, monthly by day and by weekday, yearly, some open-ended, some with alerts),
// and the cases measured on it: the month page, the week page and the calendar feed.
import { db, nowIso } from "../../app/lib/db.server.ts";
import { createMember } from "../../app/features/members/members.server.ts";
import { resetFeedToken } from "../../app/features/calendar/feed.server.ts";
import { signedInCookie } from "./cookie.ts";
import type { Case } from "./load.ts";

const SERIES = 200;
const SHAPES = [
  { recurrence: "daily" },
  { recurrence: "weekly", weekdays: "MO,WE,FR" },
  { recurrence: "biweekly", weekdays: "TU" },
  { recurrence: "monthly", month_day: 15 },
  { recurrence: "monthly", month_nth: -1, month_weekday: "FR" },
  { recurrence: "yearly", year_month: 2, year_day: 29 },
  { recurrence: "none" },
] as const;

async function seedCalendar(memberId: number) {
  const now = nowIso();
  const rows = Array.from({ length: SERIES }, (_, n) => {
    const shape = SHAPES[n % SHAPES.length];
    const start = new Date(Date.UTC(2022, 0, 1 + ((n * 9) % 1800)));
    const startDate = start.toISOString().slice(0, 10);
    const hour = String(7 + (n % 12)).padStart(2, "0");
    return {
      member_id: memberId,
      kind: shape.recurrence === "none" ? ("appointment" as const) : ("task" as const),
      title: `Series ${n}`,
      category: n % 3 === 0 ? "Work" : null,
      recurrence: shape.recurrence,
      weekdays: "weekdays" in shape ? shape.weekdays : null,
      month_day: "month_day" in shape ? shape.month_day : null,
      month_nth: "month_nth" in shape ? shape.month_nth : null,
      month_weekday: "month_weekday" in shape ? shape.month_weekday : null,
      year_month: "year_month" in shape ? shape.year_month : null,
      year_day: "year_day" in shape ? shape.year_day : null,
      start_date: startDate,
      start_time: `${hour}:00`,
      end_time: `${hour}:45`,
      // A third open-ended, a third until a date, a third a number of times.
      until_date: n % 3 === 1 ? "2026-12-31" : null,
      occurrence_count: n % 3 === 2 ? 300 : null,
      time_zone: "Europe/Berlin",
      priority: 1 + (n % 10),
      alert: n % 4 === 0 ? 1 : 0,
      place: shape.recurrence === "none" ? "Harbour office" : null,
      person: null,
      description: null,
      created_at: now,
      updated_at: now,
    };
  });
  await db.insertInto("calendar_tasks").values(rows).execute();
}

export async function calendarCases(): Promise<Case[]> {
  const memberId = await createMember({ name: "Calendar Bench", email: "calendar-bench@example.com", password: "bench-password", memberType: "entrepreneur" });
  const headers = { Cookie: await signedInCookie(memberId) };
  await seedCalendar(memberId);
  const token = await resetFeedToken(memberId);
  return [
    { label: `calendar, a month of ${SERIES} series`, paths: ["/user/calendar?view=month&date=2026-03-01"], headers, expect: "March 2026" },
    { label: "calendar, a week", paths: ["/user/calendar?view=week&date=2026-03-23"], headers, expect: "Week of 23 March 2026" },
    { label: `calendar feed, ${SERIES} series`, paths: [`/calendar-feed/${token}/calendar.ics`], expect: "BEGIN:VCALENDAR" },
  ];
}
