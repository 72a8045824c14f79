// Card payments (Stripe) for the test files that want them. env() reads process.env once, on
// first use, so call turnOnCardPayments() from vi.hoisted, before any app module is imported.

export const STRIPE_WEBHOOK_SECRET = "whsec_test_chapter";

export function turnOnCardPayments() {
  process.env.STRIPE_SECRET_KEY = "sk_test_chapter";
  process.env.STRIPE_WEBHOOK_SECRET = STRIPE_WEBHOOK_SECRET;
  delete process.env.STRIPE_API_BASE;
  delete process.env.STRIPE_CHECKOUT_ORIGIN;
  delete process.env.PAYMENT_CURRENCY;
}
