import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireOwnEvent } from "~/features/events/events.server";

/** SPEC.md §7's path for the edit form; the dialog lives over the list at /user/events/edit/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { event } = await requireOwnEvent(request, params.eventId);
  return redirect(`/user/events/edit/${event.id}`);
}
