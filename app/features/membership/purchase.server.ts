import { createPayment, paymentProvider, setProviderRef, settlePayment } from "~/lib/payments/payments.server";
import { StripeError } from "~/lib/payments/stripe.server";
import type { Member } from "~/lib/session.server";
import { type PackageId, packageLabel, type Period, PERIODS, priceCents } from "./packages";

export type PurchaseResult = { ok: true; redirectTo: string } | { ok: false; message: string };

/** Creates the payment at the server's price and hands it to the configured provider. */
export async function startMembershipPurchase(
  member: Member,
  { packageId, period, origin }: { packageId: PackageId; period: Period; origin: string },
): Promise<PurchaseResult> {
  const provider = paymentProvider();
  const periodLabel = PERIODS.find((item) => item.id === period)!.label;
  const payment = await createPayment({
    memberId: member.id,
    purpose: "membership",
    item: packageId,
    period,
    description: `Chapter ${packageLabel(packageId)} — ${periodLabel}`,
    amountCents: priceCents(packageId, period),
    provider: provider.name,
  });
  try {
    const page = `${origin}/user/payments/${payment.reference}`;
    const { redirectTo, providerRef } = await provider.start({
      payment,
      memberEmail: member.email,
      successUrl: `${page}?return=success`,
      cancelUrl: `${page}?return=cancel`,
    });
    if (providerRef) await setProviderRef(payment.id, providerRef);
    return { ok: true, redirectTo };
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    console.error(`Card payment ${payment.reference} could not start:`, error.message);
    await settlePayment(payment.id, "failed");
    return { ok: false, message: "The card payment service could not be reached. You have not been charged; please try again in a moment." };
  }
}
