import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { OfferForm } from "~/features/offers/OfferForm";
import { offerFormData } from "~/features/offers/offer-form.server";
import { parseId } from "~/lib/ids";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveOffer } from "./save-offer.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const eventId = new URL(request.url).searchParams.get("event_id");
  return json({ ...(await offerFormData(null)), eventId: parseId(eventId) === null ? "" : String(eventId) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveOffer(request, member, null);
}

export default function CreateOffer() {
  const { constraint, events, imageAccept, imageMaxBytes, eventId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Create an offer" closeTo={`/user/offers${useLocation().search}`}>
      <OfferForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ event_id: eventId }}
        events={events}
        imageAccept={imageAccept}
        imageMaxBytes={imageMaxBytes}
        offerId={null}
        submitLabel="Create offer"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Create an offer · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
