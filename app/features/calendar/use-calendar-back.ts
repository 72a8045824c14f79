import { useLocation } from "@remix-run/react";
import { calendarAddress, isView } from "./range";

/** Where a calendar dialog closes to: its `?back=` (the home page, the task view), else the
 * calendar's range it was opened over. */
export function useCalendarBack() {
  const params = new URLSearchParams(useLocation().search);
  const back = params.get("back");
  if (back?.startsWith("/") && !back.startsWith("//")) return back;
  const view = params.get("view");
  const date = params.get("date");
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? calendarAddress(isView(view) ? view : "month", date) : "/user/calendar";
}

/** The dialog's own query (view, date, back) carried to the dialogs it links to. */
export function useDialogQuery() {
  return useLocation().search;
}
