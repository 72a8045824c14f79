import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { EventToggles, ticketPrice, type TicketOffer } from "~/features/events/EventCard";
import { getEvent } from "~/features/events/events.server";
import { visitorsEvent } from "~/features/referrals/visitors.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { acceptAttribute } from "~/lib/file-types";
import { uploadLimit } from "~/lib/uploads.server";
import { DetailPageHeader } from "~/ui/detail-page-header";
import { ImageUpload } from "~/ui/image-upload";
import { EventPoster } from "~/features/events/EventPoster";
import { formatEventRange } from "~/lib/format";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getEvent(id, member.id));
  // Visitors: for the organiser, admins and members going or holding a ticket.
  const visitors = await visitorsEvent(member, event.id);
  return json({
    event,
    visitors: visitors ? { seesAll: visitors.seesAll } : null,
    upload: { accept: acceptAttribute("profile_image"), maxBytes: uploadLimit("event_media", "image") },
  });
}

function TicketType({
  eventId,
  type,
  label,
  offer,
  currency,
  ended,
}: {
  eventId: number;
  type: "general" | "vip";
  label: string;
  offer: TicketOffer;
  currency: string;
  ended: boolean;
}) {
  if (!offer) return null;
  return (
    <li className="ticket-type" data-testid={`ticket-${type}`}>
      <div>
        <strong>{label}</strong> · {ticketPrice(offer, currency)}
        <br />
        <span className="muted">
          {offer.remaining === 0 ? "Sold out" : `${offer.remaining} of ${offer.capacity} ${offer.capacity === 1 ? "seat" : "seats"} left`}
        </span>
      </div>
      {offer.remaining > 0 && !ended ? (
        <Link to={`/user/event/payment_form?event_id=${eventId}&ticket_type=${type}`} className="button button--small">
          Get ticket
        </Link>
      ) : null}
    </li>
  );
}

export default function EventDetail() {
  const { event, visitors, upload } = useLoaderData<typeof loader>();
  return (
    <>
      <DetailPageHeader back="/user/events" backLabel="All events" title={event.title}>
        {event.isOwner ? (
          <div className="event-owner-actions">
            <Link to={`/user/events/edit/${event.id}`} className="button button--secondary">
              Edit
            </Link>{" "}
            <Link to={`/user/events/delete/${event.id}`} className="button button--secondary button--danger">
              Delete
            </Link>
            {/* tickets: the organiser's door and invitations */}{" "}
            <Link to={`/user/events/${event.id}/tickets`} className="button button--secondary">
              Ticket list
            </Link>{" "}
            <Link to={`/user/events/${event.id}/check-in`} className="button button--secondary">
              Check in
            </Link>{" "}
            <Link to={`/user/events/${event.id}/invite`} className="button button--secondary" preventScrollReset>
              Invite members
            </Link>
          </div>
        ) : null}
      </DetailPageHeader>
      <div className="event-detail-grid">
        <article className="card">
          {event.imageUrl ? (
            <img className="event-hero" src={event.imageUrl} alt="" />
          ) : (
            <EventPoster id={event.id} title={event.title} startsAt={event.starts_at} large />
          )}
          <dl className="details">
            <dt>When</dt>
            <dd>{formatEventRange(event.starts_at, event.ends_at, event.time_zone)}</dd>
            {event.place ? (
              <>
                <dt>Where</dt>
                <dd>{event.place}</dd>
              </>
            ) : null}
            <dt>Organiser</dt>
            <dd>{event.owner_name}</dd>
          </dl>
          {event.description ? <p className="event-description">{event.description}</p> : null}
          <EventToggles event={event} />
          <p>
            <Link to="attenders" preventScrollReset>
              See who is going
            </Link>{" "}
            ·{" "}
            <a href={`/user/events/${event.id}/calendar.ics`} download>
              Add to calendar
            </a>{" "}
            · <Link to={`/user/offers?event_id=${event.id}`}>Offers for this event</Link> ·{" "}
            <Link to={`/user/offers/create?event_id=${event.id}`}>Make an offer</Link>
            {visitors ? (
              <>
                {" "}
                ·{" "}
                <Link to="visitors" preventScrollReset>
                  {visitors.seesAll ? "Visitors" : "Visitors you brought"}
                </Link>
              </>
            ) : null}
          </p>
        </article>
        <aside className="card" aria-labelledby="tickets-heading">
          <h2 id="tickets-heading">Tickets</h2>
          {event.ended ? <p className="muted">This event has ended.</p> : null}
          {event.general || event.vip ? (
            <ul className="ticket-types">
              <TicketType eventId={event.id} type="general" label="General" offer={event.general} currency={event.currency} ended={event.ended} />
              <TicketType eventId={event.id} type="vip" label="VIP" offer={event.vip} currency={event.currency} ended={event.ended} />
            </ul>
          ) : (
            <p className="muted">No tickets are offered for this event.</p>
          )}
        </aside>
      </div>
      {event.isOwner ? (
        <section className="card" aria-labelledby="event-image-heading">
          <h2 id="event-image-heading">Event image</h2>
          <ImageUpload
            action={`/user/upload/event_simple_upload_single_image?event_id=${event.id}`}
            accept={upload.accept}
            maxBytes={upload.maxBytes}
            label="event image"
            chooseLabel={event.imageUrl ? "Replace the event image" : "Choose an event image"}
            hasImage={Boolean(event.imageUrl)}
            renderPreview={(preview) =>
              preview || event.imageUrl ? <img src={preview ?? event.imageUrl ?? ""} alt="" width={160} className="event-image-preview" /> : null
            }
          />
        </section>
      ) : null}
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.event.title ?? "Event"} · Chapter` }];
