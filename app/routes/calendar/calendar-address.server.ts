import { journalDate, todayIn } from "~/features/journal/dates";
import { calendarAddress, calendarQuery, isView, type CalendarView } from "~/features/calendar/range";

/** The calendar's view and date as an address asks for them, or the page a dialog goes back to
 * (`calendarQuery`; month and the member's today by default; a date that is not one is read as
 * today). */
export function shownRange(request: Request, timeZone: string): { view: CalendarView; date: string; today: string } {
  const params = calendarQuery(new URL(request.url));
  const today = todayIn(timeZone);
  const view = params.get("view");
  return { view: isView(view) ? view : "month", date: journalDate(params.get("date")) ?? today, today };
}

/** The calendar page a dialog's action returns to: the range it was opened over. */
export function calendarReturn(request: Request, timeZone: string, path = "") {
  const { view, date } = shownRange(request, timeZone);
  return calendarAddress(view, date, path);
}
