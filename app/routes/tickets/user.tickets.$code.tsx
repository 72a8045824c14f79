import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TicketCard } from "~/features/tickets/TicketCard";
import { ticketCardData } from "~/features/tickets/ticket-card.server";
import { visibleTicket } from "~/features/tickets/tickets.server";
import { orNotFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** A ticket, for its holder and the event's organiser only (404 for anyone else). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const ticket = orNotFound(await visibleTicket(member.id, params.code));
  return json({
    ticket: await ticketCardData(ticket),
    isOrganiser: ticket.organiser_id === member.id,
    isHolder: ticket.holder_id === member.id,
    eventId: ticket.event_id,
    paymentReference: ticket.status === "pending" && ticket.holder_id === member.id ? ticket.payment_reference : null,
  });
}

export default function TicketPage() {
  const { ticket, isOrganiser, isHolder, eventId, paymentReference } = useLoaderData<typeof loader>();
  return (
    <>
      <p>{isHolder ? <Link to="/user/tickets">← My tickets</Link> : <Link to={`/user/events/${eventId}/check-in`}>← Check-in</Link>}</p>
      <TicketCard ticket={ticket} />
      {paymentReference ? (
        <p>
          Your seat is held until the payment is confirmed: <Link to={`/user/payments/${paymentReference}`}>see the payment</Link>.
        </p>
      ) : null}
      {ticket.status === "issued" && isHolder ? <p className="muted">Show the code or the QR code at the door.</p> : null}
      {isOrganiser ? (
        <p>
          <Link to={`/user/events/${eventId}/check-in`}>Check tickets in</Link>
        </p>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Ticket · Chapter" }];
