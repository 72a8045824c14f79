import crypto from "node:crypto";
import { db, nowIso } from "../db.server";
import type { DB } from "../db-schema";
import { env } from "../env.server";
import { canPayByBank, clubSettings } from "../club.server";
import { bankTransfer } from "./bank-transfer.server";
import type { Payment, PaymentProvider } from "./provider.server";
import { StripeError, stripeCheckout } from "./stripe.server";
import { clubCurrency } from "../club.server";

export type { Payment } from "./provider.server";

/** Card payments when Stripe is configured; otherwise bank transfer. */
export function paymentProvider(): PaymentProvider {
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } = env();
  return STRIPE_SECRET_KEY && STRIPE_WEBHOOK_SECRET ? stripeCheckout : bankTransfer;
}

/** Whether a member can pay at all: by card (Stripe) or to the club's bank account. With
 * neither, nothing offers a payment that could not be made. */
export async function paymentsOpen() {
  return paymentProvider() !== bankTransfer || canPayByBank((await clubSettings()).bank);
}

export const PAYMENTS_NOT_OPEN = "Payments are not open yet: the club has not set up a way to pay. Please try again later.";

// No 0/O or 1/I: the reference is typed into banking apps.
const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
function newReference() {
  const bytes = crypto.randomBytes(8);
  return `CH-${Array.from(bytes, (byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join("")}`;
}

export async function createPayment(input: {
  memberId: number;
  purpose: string;
  item: string;
  period: string | null;
  description: string;
  amountCents: number;
  provider: PaymentProvider["name"];
}): Promise<Payment> {
  const now = nowIso();
  const row = {
    member_id: input.memberId,
    purpose: input.purpose,
    item: input.item,
    period: input.period,
    description: input.description,
    amount_cents: input.amountCents,
    currency: await clubCurrency(),
    provider: input.provider,
    provider_ref: null,
    reference: newReference(),
    status: "pending" as const,
    created_at: now,
    updated_at: now,
    paid_at: null,
    cancelled_at: null,
    confirmed_by: null,
  };
  const { id } = await db.insertInto("payments").values(row).returning("id").executeTakeFirstOrThrow();
  return { id, ...row };
}

export async function setProviderRef(paymentId: number, providerRef: string) {
  await db.updateTable("payments").set({ provider_ref: providerRef, updated_at: nowIso() }).where("id", "=", paymentId).execute();
}

export async function findPayment(where: { reference: string } | { providerRef: string } | { id: number }) {
  let query = db.selectFrom("payments").selectAll();
  if ("reference" in where) query = query.where("reference", "=", where.reference);
  else if ("providerRef" in where) query = query.where("provider_ref", "=", where.providerRef);
  else query = query.where("id", "=", where.id);
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * Moves a pending payment to paid or cancelled. Only one caller wins (the update is
 * conditional on the status still being pending), so a replayed webhook or a double click
 * changes nothing; returns the payment when this call made the change.
 */
export async function settlePayment(
  paymentId: number,
  status: Extract<DB["payments"]["status"], "paid" | "cancelled" | "failed">,
  confirmedBy: number | null = null,
): Promise<Payment | null> {
  const now = nowIso();
  const result = await db
    .updateTable("payments")
    .set({
      status,
      updated_at: now,
      paid_at: status === "paid" ? now : null,
      cancelled_at: status === "paid" ? null : now,
      confirmed_by: confirmedBy,
    })
    .where("id", "=", paymentId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return findPayment({ id: paymentId });
}

/** true the first time an event id is seen, false for a replay. */
export async function firstSightOfEvent(id: string, provider: string, type: string) {
  const inserted = await db
    .insertInto("payment_events")
    .values({ id, provider, type, received_at: nowIso() })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export const CARD_SERVICE_UNREACHABLE = "The card payment service could not be reached. You have not been charged; please try again in a moment.";

/** Hands a created payment to its provider: where to send the member to pay, or null when the
 * card service could not be reached (the payment is then failed, and nothing is charged). */
export async function startPayment(
  provider: PaymentProvider,
  payment: Payment,
  { memberEmail, origin, what }: { memberEmail: string; origin: string; what: string },
) {
  try {
    const page = `${origin}/user/payments/${payment.reference}`;
    const { redirectTo, providerRef } = await provider.start({
      payment,
      memberEmail,
      successUrl: `${page}?return=success`,
      cancelUrl: `${page}?return=cancel`,
    });
    if (providerRef) await setProviderRef(payment.id, providerRef);
    return redirectTo;
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    console.error(`${what} ${payment.reference} could not start:`, error.message);
    await settlePayment(payment.id, "failed");
    return null;
  }
}
