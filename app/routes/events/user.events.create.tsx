import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { EventForm } from "~/features/events/EventForm";
import { eventFormData } from "~/features/events/event-form.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveEvent } from "./save-event.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json(await eventFormData({ country: null, province: null }));
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveEvent(request, member, null);
}

export default function CreateEvent() {
  const { constraint, places, timeZones, defaultTimeZone, currency, imageAccept, imageMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Create an event" size="large" closeTo={`/user/events${useLocation().search}`}>
      <EventForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ time_zone: defaultTimeZone }}
        places={actionData?.places ?? places}
        timeZones={timeZones}
        currency={currency}
        imageAccept={imageAccept}
        imageMaxBytes={imageMaxBytes}
        currentImageUrl={null}
        eventId={null}
        submitLabel="Create event"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Create an event · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
