import { addDays } from "~/features/journal/dates";
import { queryBehindDialogs } from "~/ui/revalidation";
import { MONTHS } from "./constants";

// The range the calendar page shows: a month (the whole weeks that hold it, Monday first, as the
// month grid shows them), a week or a day, addressed as `?view=&date=` so that it works as links.

export const VIEWS = [
  { value: "month", label: "Month" },
  { value: "week", label: "Week" },
  { value: "day", label: "Day" },
] as const;
export type CalendarView = (typeof VIEWS)[number]["value"];

export function isView(value: unknown): value is CalendarView {
  return VIEWS.some((view) => view.value === value);
}

const weekday = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
const monday = (date: string) => addDays(date, -weekday(date));
const monthStart = (date: string) => `${date.slice(0, 7)}-01`;

function monthEnd(date: string) {
  const [year, month] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

function shiftMonth(date: string, months: number) {
  const [year, month] = date.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1 + months, 1)).toISOString().slice(0, 10);
}

export type CalendarRange = { view: CalendarView; date: string; from: string; to: string; previous: string; next: string; title: string };

/** The dates `view` shows around `date`, the dates of the ranges before and after, and its title. */
export function calendarRange(view: CalendarView, date: string): CalendarRange {
  const [year, month, day] = date.split("-").map(Number);
  if (view === "month") {
    return {
      view,
      date,
      from: monday(monthStart(date)),
      to: addDays(monday(monthEnd(date)), 6),
      previous: shiftMonth(date, -1),
      next: shiftMonth(date, 1),
      title: `${MONTHS[month - 1]} ${year}`,
    };
  }
  if (view === "week") {
    const from = monday(date);
    const to = addDays(from, 6);
    return {
      view,
      date,
      from,
      to,
      previous: addDays(from, -7),
      next: addDays(from, 7),
      title: `Week of ${Number(from.slice(8))} ${MONTHS[Number(from.slice(5, 7)) - 1]} ${from.slice(0, 4)}`,
    };
  }
  return { view, date, from: date, to: date, previous: addDays(date, -1), next: addDays(date, 1), title: `${day} ${MONTHS[month - 1]} ${year}` };
}

/**
 * The calendar's range (`view`, `date`) at an address: its own, or, for a dialog opened with
 * `?back=` (today's tasks, a task's page and its Complete, Cancel, Edit, Delete), the range of
 * the page it goes back to. So the calendar behind a dialog is the range the member left, with
 * JavaScript or without, and is not read again.
 */
export function calendarQuery(url: URL): URLSearchParams {
  return queryBehindDialogs(url, ({ searchParams }) => {
    const range = new URLSearchParams();
    for (const name of ["view", "date"]) {
      const value = searchParams.get(name);
      if (value !== null) range.set(name, value);
    }
    return String(range) ? range : null;
  });
}

/** The calendar page showing `view` around `date`, optionally with a dialog path under it. */
export function calendarAddress(view: CalendarView, date: string, path = "") {
  return `/user/calendar${path}?${new URLSearchParams({ view, date })}`;
}

export { wallClockIn } from "~/lib/dates";
