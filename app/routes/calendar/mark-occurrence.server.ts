import { getOwnOccurrence, markOccurrence } from "~/features/calendar/calendar.server";
import { COMPLETED_MESSAGE } from "~/features/calendar/constants";
import { backTo, orNotFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { calendarReturn } from "./calendar-address.server";

/** The occurrence an address names, the member's own (404 otherwise). */
export async function requireOccurrence(member: Member, key: unknown) {
  return orNotFound(await getOwnOccurrence(member.id, key));
}

/** Marks one occurrence completed ("Congratulation you have finished your task") or cancelled. */
export async function markAndRespond(request: Request, member: Member, key: unknown, status: "completed" | "cancelled") {
  const { task, occurrence } = await requireOccurrence(member, key);
  const back = (await request.formData()).get("back");
  await markOccurrence(member.id, task.id, occurrence.date, status);
  const message = status === "completed" ? COMPLETED_MESSAGE : `${task.title} of ${occurrence.date} is cancelled.`;
  return respond(request, { type: "success", message }, { to: backTo(request, calendarReturn(request, member.timeZone), back) });
}
