import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { formatPrice } from "~/lib/format";
import { formatEventTime, ticketStatusLabel, ticketTypeLabel } from "~/features/tickets/labels";
import { holderLabel, listEventTickets, organisedEvent, seatsLeft } from "~/features/tickets/tickets.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { useTimeZone } from "~/ui/root-data";

/** The organiser's list of an event's tickets: /user/events/{id}/tickets (404 for anyone else). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => organisedEvent(member.id, id));
  const tickets = await listEventTickets(event.id);
  return json({
    event: {
      id: event.id,
      title: event.title,
      startsAt: formatEventTime(event.starts_at, event.time_zone),
      general: event.general_capacity === null ? null : `${event.general_taken} of ${event.general_capacity} taken, ${seatsLeft(event, "general")} left`,
      vip: event.vip_capacity === null ? null : `${event.vip_taken} of ${event.vip_capacity} taken, ${seatsLeft(event, "vip")} left`,
    },
    tickets: tickets.map((ticket) => ({
      id: ticket.id,
      code: ticket.code,
      type: ticket.ticket_type,
      status: ticket.status,
      checkedInAt: ticket.checked_in_at,
      holder: holderLabel(ticket),
      sentToContact: ticket.holder_id === null,
      price: formatPrice(ticket.amount_cents, ticket.currency),
    })),
  });
}

export default function EventTickets() {
  const { event, tickets } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  return (
    <>
      <p>
        <Link to={`/user/events/${event.id}`}>← {event.title}</Link>
      </p>
      <div className="page-header">
        <h1>Tickets: {event.title}</h1>
        <Link to={`/user/events/${event.id}/check-in`} className="button">
          Check in
        </Link>
      </div>
      <p className="muted">
        {event.startsAt}
        {event.general ? ` · General: ${event.general}` : ""}
        {event.vip ? ` · VIP: ${event.vip}` : ""}
      </p>
      <section className="card" aria-labelledby="event-tickets-heading">
        <h2 id="event-tickets-heading">{tickets.length === 1 ? "1 ticket" : `${tickets.length} tickets`}</h2>
        {tickets.length === 0 ? (
          <p className="muted">No tickets yet.</p>
        ) : (
          <ul className="ticket-list">
            {tickets.map((ticket) => (
              <li key={ticket.id} data-testid="event-ticket">
                <span>
                  <Link to={`/user/tickets/${ticket.code}`}>{ticket.code}</Link> · {ticket.holder}
                  {ticket.sentToContact ? " (contact)" : ""} · {ticketTypeLabel(ticket.type)} · {ticket.price}
                </span>
                <span>
                  <span className={ticket.status === "cancelled" ? "ticket-status--cancelled" : undefined}>
                    {ticketStatusLabel(ticket.status, ticket.checkedInAt, timeZone)}
                  </span>
                  {ticket.status !== "cancelled" ? (
                    <>
                      {" "}
                      <Link to={`${ticket.id}/cancel`} preventScrollReset aria-label={`Cancel ticket ${ticket.code}`}>
                        Cancel
                      </Link>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Tickets · Chapter" }];
