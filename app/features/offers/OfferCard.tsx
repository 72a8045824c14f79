import { Link, useLocation } from "@remix-run/react";
import { InterestedToggle } from "~/features/events/StatusToggle";
import { formatPrice } from "~/lib/format";
import { ListCardImage, OwnerActions } from "~/ui/list-card";

export function offerPrice(offer: { price_cents: number | null; currency: string }) {
  return offer.price_cents === null ? null : formatPrice(offer.price_cents, offer.currency);
}

export function OfferInterest({ offer }: { offer: { id: number; title: string; interested: boolean; answered?: boolean; interestedCount: number } }) {
  return (
    <InterestedToggle
      action="/user/offers/status"
      idName="product_id"
      id={offer.id}
      on={offer.interested}
      answered={offer.answered}
      count={offer.interestedCount}
      title={offer.title}
    />
  );
}

export function OfferCard({
  offer,
}: {
  offer: {
    id: number;
    title: string;
    price_cents: number | null;
    currency: string;
    owner_name: string;
    event_id: number | null;
    event_title: string | null;
    coverUrl: string | null;
    coverImage: { url: string; width: number | null; height: number | null } | null;
    interested: boolean;
    interestedCount: number;
    isOwner: boolean;
  };
}) {
  const price = offerPrice(offer);
  // The list's filter rides along into the Edit/Delete dialogs so closing them keeps it.
  const { search } = useLocation();
  return (
    <li className="offer-card" data-testid="offer-card">
      <ListCardImage to={`/user/offers/${offer.id}`} title={offer.title} image={offer.coverImage} />
      <div className="offer-card-body">
        <h3>
          <Link to={`/user/offers/${offer.id}`}>{offer.title}</Link>
        </h3>
        {price ? <p>{price}</p> : null}
        <p className="muted">By {offer.owner_name}</p>
        {offer.event_id && offer.event_title ? (
          <p>
            For <Link to={`/user/events/${offer.event_id}`}>{offer.event_title}</Link>
          </p>
        ) : null}
        <OfferInterest offer={offer} />
        {offer.isOwner ? <OwnerActions editTo={`/user/offers/edit/${offer.id}${search}`} deleteTo={`/user/offers/delete/${offer.id}${search}`} /> : null}
      </div>
    </li>
  );
}
