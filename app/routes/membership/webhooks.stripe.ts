import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { fulfilPayment, releasePayment } from "~/features/payments/fulfil.server";
import { env } from "~/lib/env.server";
import { findPayment, firstSightOfEvent, settlePayment } from "~/lib/payments/payments.server";
import { StripeError, verifyStripeWebhook } from "~/lib/payments/stripe.server";

// Stripe's servers post here; the signature, not an anti-forgery token, proves the sender.
export const handle = { csrf: false };

export async function loader() {
  return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
}

/** Confirms card payments: only a verified checkout.session.completed marks one paid. */
export async function action({ request }: ActionFunctionArgs) {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) return json({ error: "Card payments are not configured" }, { status: 404 });
  const payload = await request.text();
  let event;
  try {
    event = verifyStripeWebhook(payload, request.headers.get("Stripe-Signature"), secret);
  } catch (error) {
    if (error instanceof StripeError || error instanceof SyntaxError) return json({ error: error.message }, { status: 400 });
    throw error;
  }
  const session = event.data.object as { id?: string; payment_status?: string };
  const payment = session.id ? await findPayment({ providerRef: session.id }) : null;
  if (payment) {
    if (event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded") {
      if (session.payment_status === "paid") {
        // Settling is conditional and fulfilling is idempotent, so a replayed or retried
        // event changes nothing, and a retry after a failure here finishes the job.
        await settlePayment(payment.id, "paid");
        const current = await findPayment({ id: payment.id });
        if (current?.status === "paid") await fulfilPayment(current);
      }
    } else if (event.type === "checkout.session.expired" || event.type === "checkout.session.async_payment_failed") {
      await settlePayment(payment.id, event.type === "checkout.session.expired" ? "cancelled" : "failed");
      const current = await findPayment({ id: payment.id });
      if (current && current.status !== "paid" && current.status !== "pending") await releasePayment(current);
    }
  }
  const first = await firstSightOfEvent(event.id, "stripe", event.type);
  return json({ received: true, replay: !first });
}
