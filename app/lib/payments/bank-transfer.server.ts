import { env } from "../env.server";
import type { PaymentProvider } from "./provider.server";

/** The embedded default: the order waits, with a reference, until an admin sees the money
 * arrive and marks it paid. */
export const bankTransfer: PaymentProvider = {
  name: "bank_transfer",
  async start({ payment }) {
    return { redirectTo: `/user/payments/${payment.reference}`, providerRef: null };
  },
};

export function bankDetails() {
  const { BANK_ACCOUNT_NAME, BANK_NAME, BANK_IBAN, BANK_BIC, BANK_INSTRUCTIONS } = env();
  return {
    accountName: BANK_ACCOUNT_NAME ?? null,
    bankName: BANK_NAME ?? null,
    iban: BANK_IBAN ?? null,
    bic: BANK_BIC ?? null,
    instructions: BANK_INSTRUCTIONS ?? null,
  };
}
