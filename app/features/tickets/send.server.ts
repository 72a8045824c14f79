import { json } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { parseId } from "~/lib/http.server";
import { formatMoney } from "~/features/membership/packages";
import type { TicketType } from "~/lib/db-schema";
import { sendMail } from "~/lib/mail.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { formatEventTime, ticketTypeLabel } from "./labels";
import { SEND_TICKET_CHOICES, type SendTicketChoice } from "./schema";
import { EVENT_OVER, eventIsOver, issueTicket, NOT_OFFERED, organisedEvent, parseEventId, type TicketEvent, typePrice } from "./tickets.server";

export type SendTicketResult = { ok: true; code: string; message: string } | { ok: false; field: "ticket_type" | null; message: string };

export const NO_EMAIL = "This contact has no e-mail address: add one to send a ticket.";

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
      `When: ${formatEventTime(event.starts_at)} (${event.time_zone})`,
      ...(event.venue || event.city ? [`Where: ${[event.venue, event.city].filter(Boolean).join(", ")}`] : []),
      `Ticket: ${ticketTypeLabel(ticket.type)}`,
      ticket.amountCents > 0 ? `Price: ${formatMoney(ticket.amountCents, event.currency)} (settle it with ${organiser.name})` : "Price: free",
      `Code: ${code}`,
      "",
      `Your ticket with its QR code: ${origin}/ticket/${code}`,
      "",
      "Show the code or the QR code at the door.",
    ].join("\n"),
  });
  return { ok: true, code, message: `A ${label} ticket to ${event.title} is sent to ${contact.name}.` };
}

/**
 * SPEC.md §7's calls (POST /user/event/send_ticket, /user/event/ticket, /user/event/ticket-vip
 * with event_id and contact_id): the same as the ticket modal, answered with type and
 * message. Another member's contact or event is not found (404).
 */
export async function sendTicketCall(request: Request, fixedChoice: SendTicketChoice | null) {
  const member = await requireMember(request);
  const form = await request.formData();
  const contactId = parseId(form.get("contact_id"));
  const contact = contactId ? await getContact(member.id, contactId) : null;
  const event = await organisedEvent(member.id, parseEventId(String(form.get("event_id") ?? "")));
  if (!contact || !event) throw new Response("Not found", { status: 404 });
  const choice = fixedChoice ?? SEND_TICKET_CHOICES.find((item) => item === form.get("ticket_type"));
  if (!choice) return json({ type: "error", message: "Choose free, general or VIP." }, { status: 400 });
  const sent = await sendTicketToContact(member, contact, event, choice, await publicOrigin(request));
  if (!sent.ok) return json({ type: "error", message: sent.message }, { status: sent.message === NO_EMAIL ? 400 : 409 });
  return respond(request, { type: "success", message: sent.message }, { data: { code: sent.code } });
}
