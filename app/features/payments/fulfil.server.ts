import { activateMembership } from "~/features/membership/membership.server";
import { fulfilTicketPayment, releaseTicketPayment } from "~/features/tickets/tickets.server";
import type { Payment } from "~/lib/payments/payments.server";

/** What a confirmed payment buys, by its purpose. Each area that sells something adds its
 * case here (event tickets next). */
export async function fulfilPayment(payment: Payment) {
  switch (payment.purpose) {
    case "membership":
      return activateMembership(payment);
    case "ticket":
      return fulfilTicketPayment(payment.id);
    default:
      throw new Error(`No fulfilment for payments of purpose "${payment.purpose}"`);
  }
}

/** A payment that will not be paid (cancelled by an admin, failed, expired at the provider):
 * what it held is let go (a ticket's seat). Idempotent. */
export async function releasePayment(payment: Pick<Payment, "id" | "purpose">) {
  if (payment.purpose === "ticket") await releaseTicketPayment(payment.id);
}
