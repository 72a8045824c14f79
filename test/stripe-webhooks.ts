import { signStripePayload } from "~/lib/payments/stripe.server";
import { BASE } from "./helpers";
import { STRIPE_WEBHOOK_SECRET } from "./setup/card-payments";

let eventCounter = 0;

/** The payload of a Stripe event about a Checkout Session, as its webhook posts it. */
export function checkoutEvent(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCounter}_${Date.now()}`) {
  return JSON.stringify({ id, object: "event", type, livemode: false, data: { object: { object: "checkout.session", ...object } } });
}

/** Stripe's POST to /webhooks/stripe, signed with the test secret unless another signature
 * (or none: null) is given. */
export function webhookRequest(payload: string, signature: string | null = signStripePayload(payload, STRIPE_WEBHOOK_SECRET)) {
  return new Request(`${BASE}/webhooks/stripe`, {
    method: "POST",
    body: payload,
    headers: { "Content-Type": "application/json", ...(signature === null ? {} : { "Stripe-Signature": signature }) },
  });
}
