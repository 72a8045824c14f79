import { CARD_SERVICE_UNREACHABLE, createPayment, PAYMENTS_NOT_OPEN, paymentProvider, paymentsOpen, startPayment } from "~/lib/payments/payments.server";
import { clubSettings } from "~/lib/club.server";
import type { Member } from "~/lib/session.server";
import { type PackageId, packageLabel, type Period, PERIODS, priceCents } from "./packages";

export type PurchaseResult = { ok: true; redirectTo: string } | { ok: false; message: string };

/** Creates the payment at the server's price and hands it to the configured provider. */
export async function startMembershipPurchase(
  member: Member,
  { packageId, period, origin }: { packageId: PackageId; period: Period; origin: string },
): Promise<PurchaseResult> {
  if (!(await paymentsOpen())) return { ok: false, message: PAYMENTS_NOT_OPEN };
  const provider = paymentProvider();
  const periodLabel = PERIODS.find((item) => item.id === period)!.label;
  const payment = await createPayment({
    memberId: member.id,
    purpose: "membership",
    item: packageId,
    period,
    description: `${(await clubSettings()).name} ${packageLabel(packageId)} — ${periodLabel}`,
    amountCents: priceCents(packageId, period),
    provider: provider.name,
  });
  const redirectTo = await startPayment(provider, payment, { memberEmail: member.email, origin, what: "Card payment" });
  return redirectTo ? { ok: true, redirectTo } : { ok: false, message: CARD_SERVICE_UNREACHABLE };
}
