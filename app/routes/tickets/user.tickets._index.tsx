import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatPrice } from "~/lib/format";
import { pendingInvitations } from "~/features/tickets/invitations.server";
import { formatEventTime, ticketStatusLabel, ticketTypeLabel } from "~/features/tickets/labels";
import { listMemberTickets } from "~/features/tickets/tickets.server";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { useTimeZone } from "~/ui/root-data";

/** My tickets: the member's tickets (and ticket invitations waiting for an answer). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [tickets, invitations] = await Promise.all([listMemberTickets(member.id), pendingInvitations(member.id)]);
  return json({
    tickets: tickets.map((ticket) => ({
      code: ticket.code,
      type: ticket.ticket_type,
      status: ticket.status,
      checkedInAt: ticket.checked_in_at,
      eventTitle: ticket.event_title,
      startsAt: formatEventTime(ticket.starts_at, ticket.time_zone),
      price: formatPrice(ticket.amount_cents, ticket.currency),
      paymentReference: ticket.status === "pending" ? ticket.payment_reference : null,
    })),
    invitations,
  });
}

export default function MyTickets() {
  const { tickets, invitations } = useLoaderData<typeof loader>();
  const timeZone = useTimeZone();
  return (
    <>
      <h1>My tickets</h1>
      {invitations.length ? (
        <section className="card" aria-labelledby="invitations-heading">
          <h2 id="invitations-heading">Invitations</h2>
          <ul className="ticket-list">
            {invitations.map((invitation) => (
              <li key={invitation.id} data-testid="invitation">
                <span>
                  <strong>{invitation.eventTitle}</strong> · {formatEventTime(invitation.startsAt, invitation.timeZone)}: {ticketTypeLabel(invitation.type)}{" "}
                  ticket from {invitation.invitedBy ?? "the organiser"}
                </span>
                <Link to={`/user/tickets/invitations/${invitation.id}`}>Answer</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card" aria-labelledby="tickets-heading">
        <h2 id="tickets-heading">{tickets.length === 1 ? "1 ticket" : `${tickets.length} tickets`}</h2>
        {tickets.length === 0 ? (
          <EmptyState action={<Link to="/user/events">See the events</Link>}>You have no tickets yet. Get one from an event's page.</EmptyState>
        ) : (
          <ul className="ticket-list">
            {tickets.map((ticket) => (
              <li key={ticket.code} data-testid="my-ticket">
                <span>
                  <Link to={`/user/tickets/${ticket.code}`}>{ticket.eventTitle}</Link> · {ticket.startsAt} · {ticketTypeLabel(ticket.type)} · {ticket.price}
                </span>
                <span className={ticket.status === "cancelled" ? "ticket-status--cancelled" : undefined}>
                  {ticketStatusLabel(ticket.status, ticket.checkedInAt, timeZone)}
                  {ticket.paymentReference ? (
                    <>
                      {" "}
                      (<Link to={`/user/payments/${ticket.paymentReference}`}>pay</Link>)
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "My tickets · Chapter" }];
