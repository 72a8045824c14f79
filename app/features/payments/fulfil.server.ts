import { activateMembership } from "~/features/membership/membership.server";
import type { Payment } from "~/lib/payments/payments.server";

/** What a confirmed payment buys, by its purpose. Each area that sells something adds its
 * case here (event tickets next). */
export async function fulfilPayment(payment: Payment) {
  switch (payment.purpose) {
    case "membership":
      return activateMembership(payment);
    default:
      throw new Error(`No fulfilment for payments of purpose "${payment.purpose}"`);
  }
}
