import { formatMoney, joinPlace } from "~/lib/format";
import type { TicketType } from "~/lib/db-schema";
import { sendMail } from "~/lib/mail.server";
import { formatEventTime, ticketTypeLabel } from "./labels";
import { NO_EMAIL, type SendTicketChoice } from "./constants";
import { EVENT_OVER, eventIsOver, issueTicket, NOT_OFFERED, type TicketEvent, typePrice } from "./tickets.server";

export type SendTicketResult = { ok: true; code: string; message: string } | { ok: false; field: "ticket_type" | null; message: string };

/** What a choice in the ticket modal issues: free is a complimentary General ticket; general
 * and VIP carry the type's price (settled with the organiser, not online). */
export function sentTicket(event: NonNullable<TicketEvent>, choice: SendTicketChoice): { type: TicketType; amountCents: number } | null {
  const type: TicketType = choice === "vip" ? "vip" : "general";
  const price = typePrice(event, type);
  if (price === null) return null;
  return { type, amountCents: choice === "free" ? 0 : price };
}

/**
 * The organiser sends a ticket of their event to one of their contacts (who needs no
 * account): the ticket is issued within capacity and e-mailed with its code and a link to
 * its public view (/ticket/{code}, addressed by the unguessable code).
 */
export async function sendTicketToContact(
  organiser: { id: number; name: string },
  contact: { id: number; name: string; email: string | null },
  event: NonNullable<TicketEvent>,
  choice: SendTicketChoice,
  origin: string,
): Promise<SendTicketResult> {
  if (!contact.email) return { ok: false, field: null, message: NO_EMAIL };
  if (eventIsOver(event)) return { ok: false, field: null, message: EVENT_OVER };
  const ticket = sentTicket(event, choice);
  if (!ticket) return { ok: false, field: "ticket_type", message: NOT_OFFERED };
  const issued = await issueTicket({
    eventId: event.id,
    type: ticket.type,
    contactId: contact.id,
    holderName: contact.name,
    holderEmail: contact.email,
    issuedBy: organiser.id,
    amountCents: ticket.amountCents,
    status: "issued",
  });
  if (!issued.ok) return { ok: false, field: "ticket_type", message: issued.message };
  const code = issued.ticket.code;
  const label = choice === "free" ? "free General" : ticketTypeLabel(ticket.type);
  await sendMail({
    to: contact.email,
    subject: `Your ticket: ${event.title}`,
    text: [
      `Hello ${contact.name},`,
      "",
      `${organiser.name} sends you a ${label} ticket to ${event.title}.`,
      "",
      `When: ${formatEventTime(event.starts_at, event.time_zone)}`,
      ...(event.venue || event.city ? [`Where: ${joinPlace([event.venue, event.city])}`] : []),
      `Ticket: ${ticketTypeLabel(ticket.type)}`,
      ticket.amountCents > 0 ? `Price: ${formatMoney(ticket.amountCents, event.currency)} (settle it with ${organiser.name})` : "Price: free",
      `Code: ${code}`,
      "",
      `Your ticket with its QR code: ${origin}/ticket/${code}`,
      "",
      "Show the code or the QR code at the door.",
    ].join("\n"),
  });
  return { ok: true, code, message: `${label[0].toUpperCase()}${label.slice(1)} ticket to ${event.title} sent to ${contact.name}.` };
}
