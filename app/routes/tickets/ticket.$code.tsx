import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TicketCard } from "~/features/tickets/TicketCard";
import { ticketCardData } from "~/features/tickets/ticket-card.server";
import { findTicketByCode } from "~/features/tickets/tickets.server";
import { notFound, orNotFound } from "~/lib/http.server";

/** The public view of a ticket sent to a contact (who has no account): addressed by the
 * ticket's random code, which the contact got by e-mail. Members' own tickets are shown only
 * to them (and the organiser) under /user/tickets. */
export async function loader({ params }: LoaderFunctionArgs) {
  const ticket = orNotFound(await findTicketByCode(params.code));
  if (ticket.holder_id !== null) notFound();
  return json({ ticket: await ticketCardData(ticket) }, { headers: { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" } });
}

export default function PublicTicket() {
  const { ticket } = useLoaderData<typeof loader>();
  return (
    <>
      <TicketCard ticket={ticket} />
      <p className="muted">Show the code or the QR code at the door.</p>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Ticket · Chapter" }, { name: "robots", content: "noindex" }];
