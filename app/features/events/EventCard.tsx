import { Link, useLocation } from "@remix-run/react";
import { formatMoney } from "~/features/membership/packages";
import { StatusToggle } from "./StatusToggle";
import { formatRange } from "./time";
import { ListCardImage, OwnerActions } from "~/ui/list-card";

export type TicketOffer = { capacity: number; remaining: number; amountCents: number | null } | null;

export function ticketPrice(offer: NonNullable<TicketOffer>, currency: string) {
  return offer.amountCents === null || offer.amountCents === 0 ? "Free" : formatMoney(offer.amountCents, currency);
}

export type EventSummary = {
  id: number;
  title: string;
  starts_at: string;
  ends_at: string;
  time_zone: string;
  place: string;
  imageUrl: string | null;
  cardImage: { url: string; width: number | null; height: number | null } | null;
  currency: string;
  general: TicketOffer;
  vip: TicketOffer;
  interested: boolean;
  going: boolean;
  interestedCount: number;
  goingCount: number;
  isOwner: boolean;
};

export function EventToggles({ event }: { event: Pick<EventSummary, "id" | "title" | "interested" | "going" | "interestedCount" | "goingCount"> }) {
  return (
    <div className="event-toggles">
      <StatusToggle
        action="/user/events/status"
        idName="event_id"
        id={event.id}
        on={event.interested}
        count={event.interestedCount}
        labels={["Interested", "Uninterested"]}
        countLabel="interested"
        title={event.title}
      />
      <StatusToggle
        action="/user/events/status"
        idName="event_id"
        id={event.id}
        on={event.going}
        count={event.goingCount}
        labels={["Going", "Notgoing"]}
        countLabel="going"
        title={event.title}
      />
    </div>
  );
}

export function EventCard({ event }: { event: EventSummary }) {
  // The list's ?q=/when/page ride along into the Edit/Delete dialogs so closing them keeps the search.
  const { search } = useLocation();
  const prices = [
    event.general ? `General ${ticketPrice(event.general, event.currency)}` : null,
    event.vip ? `VIP ${ticketPrice(event.vip, event.currency)}` : null,
  ].filter(Boolean);
  return (
    <li className="event-card" data-testid="event-card">
      <ListCardImage to={`/user/events/${event.id}`} title={event.title} image={event.cardImage} />
      <div className="event-card-body">
        <h3>
          <Link to={`/user/events/${event.id}`}>{event.title}</Link>
        </h3>
        <p className="event-when">
          {formatRange(event.starts_at, event.ends_at)} <span className="muted">({event.time_zone.replace(/_/g, " ")})</span>
        </p>
        {event.place ? <p className="event-place">{event.place}</p> : null}
        <p className="event-prices muted">{prices.length ? prices.join(" · ") : "No tickets"}</p>
        <EventToggles event={event} />
        {event.isOwner ? (
          <OwnerActions editTo={`/user/events/edit/${event.id}${search}`} deleteTo={`/user/events/delete/${event.id}${search}`} />
        ) : null}
      </div>
    </li>
  );
}
