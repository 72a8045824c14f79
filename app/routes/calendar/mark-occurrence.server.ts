import { getOwnOccurrence, markOccurrence } from "~/features/calendar/calendar.server";
import { cancelledMessage, COMPLETED_MESSAGE } from "~/features/calendar/constants";
import { formatDate } from "~/lib/format";
import { backTo, orNotFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { calendarReturn } from "./calendar-address.server";

/** The occurrence an address names, the member's own (404 otherwise). */
export async function requireOccurrence(member: Member, key: unknown) {
  return orNotFound(await getOwnOccurrence(member.id, key));
}

/** Marks one occurrence completed ("Congratulations, you have finished your task!") or cancelled. */
export async function markAndRespond(request: Request, member: Member, key: unknown, status: "completed" | "cancelled") {
  const { task, occurrence } = await requireOccurrence(member, key);
  const back = (await request.formData()).get("back");
  await markOccurrence(member.id, task.id, occurrence.date, status);
  const message = status === "completed" ? COMPLETED_MESSAGE : cancelledMessage(task.title, formatDate(occurrence.date));
  return respond(request, { type: "success", message }, { to: backTo(request, calendarReturn(request, member.timeZone), back) });
}
