import { Link, useLocation } from "@remix-run/react";
import { formatEventRange, formatMoney, formatPrice } from "~/lib/format";
import { ListCardImage, OwnerActions } from "~/ui/list-card";
import { EventPoster } from "./EventPoster";
import { InterestedToggle, StatusToggle } from "./StatusToggle";

export type TicketOffer = { capacity: number; remaining: number; amountCents: number | null } | null;

export function ticketPrice(offer: NonNullable<TicketOffer>, currency: string) {
  return formatPrice(offer.amountCents, currency);
}

/** The prices as a member says them: "Free", "General $20 · VIP $50", "VIP $50",
 * "General free · VIP $50", or "No tickets". */
export function priceLine(event: { general: TicketOffer; vip: TicketOffer; currency: string }) {
  const offered: { label: string; cents: number | null }[] = [];
  if (event.general) offered.push({ label: "General", cents: event.general.amountCents });
  if (event.vip) offered.push({ label: "VIP", cents: event.vip.amountCents });
  if (offered.length === 0) return "No tickets";
  if (offered.every((offer) => !offer.cents)) return "Free";
  return offered.map((offer) => `${offer.label} ${offer.cents ? formatMoney(offer.cents, event.currency) : "free"}`).join(" · ");
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
  /** The member's answers; null while that question is not answered (neither button pressed). */
  interested: boolean | null;
  going: boolean | null;
  interestedCount: number;
  goingCount: number;
  isOwner: boolean;
};

export function EventToggles({ event }: { event: Pick<EventSummary, "id" | "title" | "interested" | "going" | "interestedCount" | "goingCount"> }) {
  return (
    <div className="event-toggles">
      <InterestedToggle
        action="/user/events/status"
        idName="event_id"
        id={event.id}
        on={event.interested === true}
        answered={event.interested !== null}
        count={event.interestedCount}
        title={event.title}
      />
      <StatusToggle
        action="/user/events/status"
        idName="event_id"
        id={event.id}
        on={event.going === true}
        answered={event.going !== null}
        count={event.goingCount}
        answers={[
          { type: "Going", label: "Going" },
          { type: "Notgoing", label: "Not going" },
        ]}
        countLabel="going"
        title={event.title}
      />
    </div>
  );
}

export function EventCard({ event }: { event: EventSummary }) {
  // The list's ?q=/when/page ride along into the Edit/Delete dialogs so closing them keeps the search.
  const { search } = useLocation();
  return (
    <li className="event-card" data-testid="event-card">
      <ListCardImage
        to={`/user/events/${event.id}`}
        title={event.title}
        image={event.cardImage}
        placeholder={<EventPoster id={event.id} title={event.title} startsAt={event.starts_at} />}
      />
      <div className="event-card-body">
        <h3>
          <Link to={`/user/events/${event.id}`}>{event.title}</Link>
        </h3>
        <p className="event-when">{formatEventRange(event.starts_at, event.ends_at, event.time_zone)}</p>
        {event.place ? <p className="event-place">{event.place}</p> : null}
        <p className="event-prices muted">{priceLine(event)}</p>
        <EventToggles event={event} />
        {event.isOwner ? <OwnerActions editTo={`/user/events/edit/${event.id}${search}`} deleteTo={`/user/events/delete/${event.id}${search}`} /> : null}
      </div>
    </li>
  );
}
