import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { deleteEvent, getOwnEvent } from "~/features/events/events.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getOwnEvent(member.id, id));
  return json({ title: event.title });
}

/** SPEC.md §7 DELETE /user/event/delete: the list changes only when it succeeded. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getOwnEvent(member.id, id));
  const result = await deleteEvent(member.id, event.id);
  if (!result.ok) return respond(request, { type: "error", message: result.message }, { to: `/user/events/${event.id}`, status: 409 });
  return respond(request, { type: "success", message: `“${event.title}” deleted.` }, { to: `/user/events${new URL(request.url).search}` });
}

export default function ConfirmDeleteEvent() {
  const { title } = useLoaderData<typeof loader>();
  const { search } = useLocation(); // back to the filtered list it was opened from
  return (
    <ConfirmDialog
      message={deletionQuestion("event", title)}
      cancelTo={`/user/events${search}`}
      note={<p>Its free tickets will be deleted with it, and the members going will be told.</p>}
    />
  );
}

export const meta: MetaFunction = () => [{ title: "Delete event · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
