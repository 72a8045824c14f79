import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireEvent } from "~/features/events/events.server";

/** SPEC.md §7's attenders path; the list is the dialog at /user/events/{id}/attenders. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event } = await requireEvent(request, params.eventId);
  return redirect(`/user/events/${event.id}/attenders`);
}
