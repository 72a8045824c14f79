import crypto from "node:crypto";
import { http, HttpResponse } from "msw";

// Stripe's Checkout Sessions API as Chapter calls it (app/lib/payments/stripe.server.ts).
// Install with `server.use(...stripe.handlers())` from test/mocks; every request the app
// sends is kept in `stripe.requests` for assertions.

export const STRIPE_SESSIONS_URL = "https://api.stripe.com/v1/checkout/sessions";

export type StripeRequest = {
  /** The form-encoded body, decoded. */
  form: URLSearchParams;
  authorization: string | null;
  idempotencyKey: string | null;
  contentType: string | null;
  /** The session Stripe answered with (null for a failing answer). */
  session: { id: string; url: string } | null;
};

export function createStripeMock() {
  const requests: StripeRequest[] = [];

  async function record(request: Request, session: StripeRequest["session"]) {
    requests.push({
      form: new URLSearchParams(await request.text()),
      authorization: request.headers.get("Authorization"),
      idempotencyKey: request.headers.get("Idempotency-Key"),
      contentType: request.headers.get("Content-Type"),
      session,
    });
  }

  return {
    requests,
    /** The last request's body, decoded. */
    lastForm() {
      const last = requests.at(-1);
      if (!last) throw new Error("Stripe received no request");
      return last.form;
    },
    /** Answers like Stripe: a new session with its hosted checkout page. */
    handlers() {
      return [
        http.post(STRIPE_SESSIONS_URL, async ({ request }) => {
          const id = `cs_test_${crypto.randomBytes(12).toString("hex")}`;
          const session = { id, url: `https://checkout.stripe.com/c/pay/${id}` };
          await record(request, session);
          return HttpResponse.json({ object: "checkout.session", ...session, payment_status: "unpaid", status: "open" });
        }),
      ];
    },
    /** Answers like Stripe does when it refuses (402 card_error) or breaks (500). */
    failingHandlers(status: 402 | 500 = 500, message = status === 402 ? "Your card was declined." : "An unknown error occurred") {
      return [
        http.post(STRIPE_SESSIONS_URL, async ({ request }) => {
          await record(request, null);
          return HttpResponse.json({ error: { type: status === 402 ? "card_error" : "api_error", message } }, { status });
        }),
      ];
    },
    /** Stripe cannot be reached at all. */
    networkErrorHandlers() {
      return [
        http.post(STRIPE_SESSIONS_URL, async ({ request }) => {
          await record(request, null);
          return HttpResponse.error();
        }),
      ];
    },
  };
}
