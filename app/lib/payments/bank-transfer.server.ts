import { clubSettings } from "../club.server";
import type { PaymentProvider } from "./provider.server";

/** The embedded default: the order waits, with a reference, until an admin sees the money
 * arrive and marks it paid. */
export const bankTransfer: PaymentProvider = {
  name: "bank_transfer",
  async start({ payment }) {
    return { redirectTo: `/user/payments/${payment.reference}`, providerRef: null };
  },
};

/** The account members transfer to, as the club's page (or the environment) sets it. */
export async function bankDetails() {
  return (await clubSettings()).bank;
}
