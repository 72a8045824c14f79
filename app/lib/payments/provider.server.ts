import type { Selectable } from "kysely";
import type { DB } from "../db-schema";

export type Payment = Selectable<DB["payments"]>;

export type CheckoutStart = {
  payment: Payment;
  memberEmail: string;
  /** Absolute URLs the provider sends the member back to. */
  successUrl: string;
  cancelUrl: string;
};

/** How a member pays. The server creates the payment row first; the provider takes it from
 * there and says where to send the member next. Confirmation never comes from the member's
 * browser: a verified webhook or an admin marks a payment paid. */
export interface PaymentProvider {
  name: DB["payments"]["provider"];
  /** Where to send the member: the provider's checkout page, or our own order page. */
  start(checkout: CheckoutStart): Promise<{ redirectTo: string; providerRef: string | null }>;
}
