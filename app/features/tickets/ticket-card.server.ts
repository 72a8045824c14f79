import { formatPrice, joinPlace } from "~/lib/format";
import { qrSvg } from "./qr.server";
import type { TicketCardData } from "./TicketCard";
import { holderLabel, type TicketView } from "./tickets.server";

/** What TicketCard shows of a ticket (the QR code only for a valid ticket). */
export async function ticketCardData(ticket: TicketView): Promise<TicketCardData> {
  return {
    code: ticket.code,
    type: ticket.ticket_type,
    status: ticket.status,
    checkedInAt: ticket.checked_in_at,
    holder: holderLabel(ticket),
    price: formatPrice(ticket.amount_cents, ticket.currency),
    event: {
      title: ticket.event_title,
      startsAt: ticket.starts_at,
      endsAt: ticket.ends_at,
      timeZone: ticket.time_zone,
      place: joinPlace([ticket.venue, ticket.city]) || null,
      organiser: ticket.organiser_name,
    },
    qr: ticket.status === "issued" ? await qrSvg(ticket.code) : null,
  };
}
