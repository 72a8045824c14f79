import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { EventForm } from "~/features/events/EventForm";
import { eventFormData } from "~/features/events/event-form.server";
import { getOwnEvent } from "~/features/events/events.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { saveEvent } from "./save-event.server";
import { RouteDialog } from "~/ui/route-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getOwnEvent(member.id, id));
  return json({ event, ...(await eventFormData(event)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getOwnEvent(member.id, id));
  return saveEvent(request, member, event);
}

const amount = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(cents % 100 ? 2 : 0));

export default function EditEvent() {
  const { event, constraint, places, timeZones, imageAccept, imageMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { search } = useLocation(); // the list's ?q= etc., kept when the dialog closes
  const defaults = {
    title: event.title,
    description: event.description ?? "",
    start_date: event.starts_at.slice(0, 10),
    start_time: event.starts_at.slice(11, 16),
    end_date: event.ends_at.slice(0, 10),
    end_time: event.ends_at.slice(11, 16),
    time_zone: event.time_zone,
    venue: event.venue ?? "",
    country: event.country ?? "",
    province: event.province ?? "",
    city: event.city ?? "",
    general_capacity: event.general_capacity === null ? "" : String(event.general_capacity),
    general_amount: amount(event.general_amount_cents),
    vip_capacity: event.vip_capacity === null ? "" : String(event.vip_capacity),
    vip_amount: amount(event.vip_amount_cents),
  };
  return (
    <RouteDialog title={`Edit ${event.title}`} size="large" closeTo={`/user/events${search}`}>
      <EventForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        places={actionData?.places ?? places}
        timeZones={timeZones}
        currency={event.currency}
        imageAccept={imageAccept}
        imageMaxBytes={imageMaxBytes}
        currentImageUrl={event.cardImage?.url ?? null}
        eventId={event.id}
        submitLabel="Save event"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit event · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
