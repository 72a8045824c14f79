import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as deleteEvent } from "~/routes/events/user.events.delete.$eventId";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/events");
}

/** SPEC.md §7 DELETE /user/event/delete {event_id} → type, message (also by POST): the
 * confirmation dialog's action (/user/events/delete/{id}), with the id from the form. */
export async function action(args: ActionFunctionArgs) {
  await requireMember(args.request);
  const eventId = (await args.request.formData()).get("event_id");
  return deleteEvent({ ...args, params: { eventId: typeof eventId === "string" ? eventId : undefined } });
}
