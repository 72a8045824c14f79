import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as deleteEvent } from "~/routes/events/user.events.delete.$eventId";
import { sendTo } from "./opened-as-page.server";
import { formParam } from "./forward.server";

export const loader = sendTo("/user/events");

/** SPEC.md §7 DELETE /user/event/delete {event_id} → type, message (also by POST): the
 * confirmation dialog's action (/user/events/delete/{id}), with the id from the form. */
export async function action(args: ActionFunctionArgs) {
  await requireMember(args.request);
  return deleteEvent({ ...args, params: { eventId: await formParam(args.request, "event_id") } });
}
