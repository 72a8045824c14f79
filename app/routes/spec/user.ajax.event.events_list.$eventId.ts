import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getEvent } from "~/features/events/events.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7's attenders path; the list is the dialog at /user/events/{id}/attenders. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getEvent(id, member.id));
  return redirect(`/user/events/${event.id}/attenders`);
}
