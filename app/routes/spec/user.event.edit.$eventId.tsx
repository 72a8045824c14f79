import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getOwnEvent } from "~/features/events/events.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7's path for the edit form; the dialog lives over the list at /user/events/edit/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getOwnEvent(member.id, id));
  return redirect(`/user/events/edit/${event.id}`);
}
