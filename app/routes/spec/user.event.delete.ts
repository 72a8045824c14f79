import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { deleteEvent, requireOwnEvent } from "~/features/events/events.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/events");
}

/** SPEC.md §7 DELETE /user/event/delete {event_id} → type, message (also by POST). The page's
 * own path is the confirmation dialog at /user/events/delete/{id}. */
export async function action({ request }: ActionFunctionArgs) {
  await requireMember(request);
  const form = await request.formData();
  const { member, event } = await requireOwnEvent(request, String(form.get("event_id") ?? ""));
  const result = await deleteEvent(member.id, event.id);
  if (!result.ok) return respond(request, { type: "error", message: result.message }, { to: `/user/events/${event.id}`, status: 409 });
  return respond(request, { type: "success", message: `${event.title} is deleted.` }, { to: "/user/events" });
}
