import crypto from "node:crypto";
import { env } from "../env.server";
import type { PaymentProvider } from "./provider.server";

export class StripeError extends Error {}

/** Card payments through Stripe Checkout (its REST API; no SDK needed for two calls). */
export const stripeCheckout: PaymentProvider = {
  name: "stripe",
  async start({ payment, memberEmail, successUrl, cancelUrl }) {
    const { STRIPE_SECRET_KEY, STRIPE_API_BASE } = env();
    const body = new URLSearchParams({
      mode: "payment",
      success_url: successUrl,
      cancel_url: cancelUrl,
      client_reference_id: payment.reference,
      customer_email: memberEmail,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": payment.currency.toLowerCase(),
      "line_items[0][price_data][unit_amount]": String(payment.amount_cents),
      "line_items[0][price_data][product_data][name]": payment.description,
      "metadata[payment_reference]": payment.reference,
    });
    const response = await fetch(`${STRIPE_API_BASE.replace(/\/$/, "")}/v1/checkout/sessions`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${STRIPE_SECRET_KEY}`,
        "Content-Type": "application/x-www-form-urlencoded",
        // Retrying the same payment never creates a second session.
        "Idempotency-Key": `checkout-${payment.reference}`,
      },
      body,
    }).catch((error: unknown) => {
      // Unreachable (DNS, refused, reset): the same "try again" for the member as an error answer.
      throw new StripeError(`Stripe could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    });
    const session = (await response.json().catch(() => null)) as { id?: string; url?: string; error?: { message?: string } } | null;
    if (!response.ok || !session?.id || !session.url) {
      throw new StripeError(session?.error?.message ?? `Stripe answered ${response.status}`);
    }
    return { redirectTo: session.url, providerRef: session.id };
  },
};

const TOLERANCE_SECONDS = 300;

export type StripeEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

/**
 * Checks a webhook's Stripe-Signature header ("t=…,v1=…": an HMAC-SHA256 of "t.payload" with
 * the endpoint's secret) and returns the event; throws when it is not Stripe's or too old.
 */
export function verifyStripeWebhook(payload: string, header: string | null, secret: string, now = Date.now()): StripeEvent {
  if (!header) throw new StripeError("Missing Stripe-Signature header");
  const parts = header.split(",").map((part) => part.split("=") as [string, string]);
  const timestamp = Number(parts.find(([key]) => key === "t")?.[1]);
  const signatures = parts.filter(([key]) => key === "v1").map(([, value]) => value);
  if (!Number.isFinite(timestamp) || signatures.length === 0) throw new StripeError("Malformed Stripe-Signature header");
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) throw new StripeError("Webhook timestamp outside the tolerance");
  const expected = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest();
  const valid = signatures.some((signature) => {
    const given = Buffer.from(signature, "hex");
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!valid) throw new StripeError("Webhook signature does not match");
  const event = JSON.parse(payload) as StripeEvent;
  if (!event?.id || !event.type || typeof event.data?.object !== "object" || event.data.object === null) {
    throw new StripeError("Webhook payload is not an event");
  }
  return event;
}

/** What Stripe's own library would send: for tests and tools. */
export function signStripePayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}
