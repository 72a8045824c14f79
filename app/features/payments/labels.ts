import type { PaymentProviderName, PaymentStatus } from "~/lib/db-schema";

// What admins see for a payment's status and provider (shared by the pages and the server).

export const PAYMENT_STATUSES: { value: PaymentStatus; label: string }[] = [
  { value: "pending", label: "Waiting for payment" },
  { value: "paid", label: "Paid" },
  { value: "cancelled", label: "Cancelled" },
  { value: "failed", label: "Failed" },
];

export const PAYMENT_PROVIDERS: { value: PaymentProviderName; label: string }[] = [
  { value: "bank_transfer", label: "Bank transfer" },
  { value: "stripe", label: "Card (Stripe)" },
];

export function statusLabel(status: string) {
  return PAYMENT_STATUSES.find((item) => item.value === status)?.label ?? status;
}

export function providerLabel(provider: string) {
  return PAYMENT_PROVIDERS.find((item) => item.value === provider)?.label ?? provider;
}
