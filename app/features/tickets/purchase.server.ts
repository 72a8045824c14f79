import type { TicketType } from "~/lib/db-schema";
import { CARD_SERVICE_UNREACHABLE, createPayment, PAYMENTS_NOT_OPEN, paymentProvider, paymentsOpen, startPayment } from "~/lib/payments/payments.server";
import type { Member } from "~/lib/session.server";
import {
  cancelTicket,
  EVENT_OVER,
  eventIsOver,
  issueTicket,
  linkPayment,
  liveTicketOf,
  NOT_OFFERED,
  type TicketEvent,
  ticketTypeLabel,
  typePrice,
} from "./tickets.server";

export type TicketPurchase =
  | { ok: true; kind: "issued"; code: string }
  | { ok: true; kind: "payment"; redirectTo: string }
  | { ok: false; status: 400 | 409 | 502; message: string; existing?: { code: string; status: string; paymentReference: string | null } };

/**
 * A member buys a ticket of a type. A free type is issued at once. A paid one holds its seat
 * with a pending ticket, creates the payment at the event's price and hands it to the
 * configured provider; the ticket is issued only when the payment is confirmed (webhook or
 * admin), and cancelled with its seat released when the payment is not made.
 * One live ticket per type per member and event (a second request is refused, whatever the
 * timing: a unique index backs the check).
 */
export async function buyTicket(member: Member, event: NonNullable<TicketEvent>, type: TicketType, origin: string): Promise<TicketPurchase> {
  const price = typePrice(event, type);
  if (price === null) return { ok: false, status: 400, message: NOT_OFFERED };
  if (eventIsOver(event)) return { ok: false, status: 400, message: EVENT_OVER };
  const existing = await liveTicketOf(member.id, event.id, type);
  if (existing) {
    return {
      ok: false,
      status: 409,
      message:
        existing.status === "pending"
          ? `Your ${ticketTypeLabel(type)} ticket is waiting for its payment.`
          : `You already have a ${ticketTypeLabel(type)} ticket for this event.`,
      existing: { code: existing.code, status: existing.status, paymentReference: existing.payment_reference },
    };
  }
  const free = price === 0;
  // No seat is held for a payment that could not be made.
  if (!free && !(await paymentsOpen())) return { ok: false, status: 409, message: PAYMENTS_NOT_OPEN };
  const held = await issueTicket({
    eventId: event.id,
    type,
    holderId: member.id,
    holderName: member.name,
    holderEmail: member.email,
    issuedBy: null,
    amountCents: price,
    status: free ? "issued" : "pending",
  });
  if (!held.ok) return { ok: false, status: 409, message: held.message };
  if (free) return { ok: true, kind: "issued", code: held.ticket.code };

  const provider = paymentProvider();
  const payment = await createPayment({
    memberId: member.id,
    purpose: "ticket",
    item: type,
    period: null,
    description: `${ticketTypeLabel(type)} ticket: ${event.title}`.slice(0, 200),
    amountCents: price,
    provider: provider.name,
  });
  await linkPayment(held.ticket.id, payment.id);
  const redirectTo = await startPayment(provider, payment, { memberEmail: member.email, origin, what: "Ticket payment" });
  if (redirectTo) return { ok: true, kind: "payment", redirectTo };
  await cancelTicket(held.ticket.id);
  return { ok: false, status: 502, message: CARD_SERVICE_UNREACHABLE };
}
