import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { OfferForm } from "~/features/offers/OfferForm";
import { offerFormData } from "~/features/offers/offer-form.server";
import { getOwnOffer } from "~/features/offers/offers.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveOffer } from "./save-offer.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const offer = await requireFound(params.offerId, (id) => getOwnOffer(member.id, id));
  return json({ offer, ...(await offerFormData(offer.event_id)) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const offer = await requireFound(params.offerId, (id) => getOwnOffer(member.id, id));
  return saveOffer(request, member, offer.id);
}

export default function EditOffer() {
  const { offer, constraint, events, imageAccept, imageMaxBytes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = {
    title: offer.title,
    description: offer.description ?? "",
    price: offer.price_cents === null ? "" : (offer.price_cents / 100).toFixed(offer.price_cents % 100 ? 2 : 0),
    event_id: offer.event_id ? String(offer.event_id) : "",
  };
  return (
    <RouteDialog title={`Edit ${offer.title}`} closeTo={`/user/offers${useLocation().search}`}>
      <OfferForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        events={events}
        imageAccept={imageAccept}
        imageMaxBytes={imageMaxBytes}
        offerId={offer.id}
        submitLabel="Save offer"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit offer · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
