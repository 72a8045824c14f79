import type { ServerBuild } from "@remix-run/node";
import { describe, expect, test, vi } from "vitest";

// Card payments are on in this file only, set before any app module is imported.
await vi.hoisted(async () => (await import("./setup/card-payments")).turnOnCardPayments());

import { currentMembership, periodEnd, today } from "~/features/membership/membership.server";
import { CSRF_FIELD, csrfToken, protectActions } from "~/lib/csrf.server";
import { db } from "~/lib/db.server";
import { paymentProvider } from "~/lib/payments/payments.server";
import { signStripePayload, StripeError, verifyStripeWebhook } from "~/lib/payments/stripe.server";
import { rememberPublicOrigin } from "~/lib/public-origin.server";
import * as payModule from "~/routes/membership/user.membership.pay";
import * as orderModule from "~/routes/membership/user.payments.$reference";
import * as webhookModule from "~/routes/membership/webhooks.stripe";
import { BASE, createSignedInMember, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";
import { server } from "./mocks";
import { createStripeMock } from "./mocks/stripe";
import { STRIPE_WEBHOOK_SECRET as SECRET } from "./setup/card-payments";
import { checkoutEvent, webhookRequest } from "./stripe-webhooks";

const UNAVAILABLE = "The card payment service could not be reached. You have not been charged; please try again in a moment.";

function pay(member: TestMember, fields: Record<string, string>) {
  return settle(() => payModule.action(routeArgs(postRequest("/user/membership/pay", fields, member.cookie))));
}

async function payments() {
  return db.selectFrom("payments").selectAll().orderBy("id").execute();
}

async function memberships() {
  return db.selectFrom("memberships").selectAll().orderBy("id").execute();
}

async function paymentEvents() {
  return db.selectFrom("payment_events").selectAll().execute();
}

/** A member who started paying for Millionaires annual by card: the pending payment and the
 * Stripe session it points to. */
async function startedCardPayment(fields: Record<string, string> = { package_type: "millionaires", MemberShip: "annual", amount: "1000" }) {
  const stripe = createStripeMock();
  server.use(...stripe.handlers());
  const member = await createSignedInMember();
  const response = await pay(member, fields);
  expect(response.status).toBe(302);
  const [payment] = await payments();
  const session = stripe.requests[0].session!;
  return { member, payment, session, stripe };
}

async function postWebhook(payload: string, signature: string | null = signStripePayload(payload, SECRET)) {
  const response = await settle(() => webhookModule.action(routeArgs(webhookRequest(payload, signature))));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("paying for a membership by card (Stripe configured)", () => {
  test("Stripe is the provider when both keys are set", () => {
    expect(paymentProvider().name).toBe("stripe");
  });

  test("sends the member to Stripe's checkout page with the server's price", async () => {
    const stripe = createStripeMock();
    server.use(...stripe.handlers());
    const member = await createSignedInMember();

    const response = await pay(member, { package_type: "millionaires", MemberShip: "annual", amount: "1000" });

    expect(stripe.requests).toHaveLength(1);
    const [sent] = stripe.requests;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(sent.session!.url);
    expect(sent.session!.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const [payment] = await payments();
    expect(payment).toMatchObject({
      member_id: member.id,
      purpose: "membership",
      item: "millionaires",
      period: "annual",
      amount_cents: 100000,
      currency: "USD",
      provider: "stripe",
      provider_ref: sent.session!.id,
      status: "pending",
      paid_at: null,
    });
    expect(payment.reference).toMatch(/^CH-[A-HJ-NP-Z2-9]{8}$/);

    expect(sent.authorization).toBe("Bearer sk_test_chapter");
    expect(sent.contentType).toMatch(/application\/x-www-form-urlencoded/);
    expect(sent.idempotencyKey).toBe(`checkout-${payment.reference}`);
    expect(Object.fromEntries(sent.form)).toEqual({
      mode: "payment",
      success_url: `${BASE}/user/payments/${payment.reference}?return=success`,
      cancel_url: `${BASE}/user/payments/${payment.reference}?return=cancel`,
      client_reference_id: payment.reference,
      customer_email: member.email,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "100000",
      "line_items[0][price_data][product_data][name]": "Chapter Millionaires — Annual Membership",
      "metadata[payment_reference]": payment.reference,
    });
    expect(await memberships()).toEqual([]);
  });

  test("the return URLs are on the club's public address, not on the Host the request named", async () => {
    await rememberPublicOrigin(new Request("https://club.example.org/signup"));
    const stripe = createStripeMock();
    server.use(...stripe.handlers());
    const member = await createSignedInMember();

    const response = await pay(member, { package_type: "elite", MemberShip: "monthly", amount: "60" });

    expect(response.status).toBe(302);
    const [payment] = await payments();
    expect(stripe.lastForm().get("success_url")).toBe(`https://club.example.org/user/payments/${payment.reference}?return=success`);
    expect(stripe.lastForm().get("cancel_url")).toBe(`https://club.example.org/user/payments/${payment.reference}?return=cancel`);
    expect(stripe.lastForm().get("line_items[0][price_data][unit_amount]")).toBe("6000");
  });

  test("without an amount (no JavaScript) the server's price is charged", async () => {
    const stripe = createStripeMock();
    server.use(...stripe.handlers());
    const member = await createSignedInMember();

    const response = await pay(member, { package_type: "elite_millionaires", MemberShip: "monthly" });

    expect(response.status).toBe(302);
    expect(stripe.lastForm().get("line_items[0][price_data][unit_amount]")).toBe("50000");
    expect((await payments())[0].amount_cents).toBe(50000);
  });

  test("each purchase is a new payment with its own reference and Stripe session", async () => {
    const stripe = createStripeMock();
    server.use(...stripe.handlers());
    const member = await createSignedInMember();
    await pay(member, { package_type: "elite", MemberShip: "monthly" });
    await pay(member, { package_type: "elite", MemberShip: "monthly" });

    const rows = await payments();
    expect(rows).toHaveLength(2);
    expect(rows[0].reference).not.toBe(rows[1].reference);
    expect(rows[0].provider_ref).not.toBe(rows[1].provider_ref);
    expect(new Set(stripe.requests.map((request) => request.idempotencyKey)).size).toBe(2);
  });

  test.each([
    { name: "a 500", handlers: () => createStripeMock().failingHandlers(500) },
    { name: "a 402 with an error message", handlers: () => createStripeMock().failingHandlers(402, "Your card was declined.") },
    { name: "no answer at all (network error)", handlers: () => createStripeMock().networkErrorHandlers() },
  ])("when Stripe answers $name: 502 with a message, the payment failed, no membership", async ({ handlers }) => {
    server.use(...handlers());
    const member = await createSignedInMember();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);

    const response = await pay(member, { package_type: "millionaires", MemberShip: "annual", amount: "1000" });

    error.mockRestore();
    expect(response.status).toBe(502);
    expect((await replyErrors(response))[""]).toEqual([UNAVAILABLE]);
    const [payment] = await payments();
    expect(payment).toMatchObject({ status: "failed", provider: "stripe", provider_ref: null, paid_at: null });
    expect(payment.cancelled_at).not.toBeNull();
    expect(await memberships()).toEqual([]);
    expect(await currentMembership(member.id)).toBeNull();
  });

  test("Stripe's error message reaches the log through StripeError", async () => {
    const stripe = createStripeMock();
    server.use(...stripe.failingHandlers(402, "Your card was declined."));
    const { stripeCheckout } = await import("~/lib/payments/stripe.server");
    const payment = {
      id: 1,
      member_id: 1,
      purpose: "membership",
      item: "elite",
      period: "monthly",
      description: "x",
      amount_cents: 6000,
      currency: "USD",
      provider: "stripe",
      provider_ref: null,
      reference: "CH-TEST",
      status: "pending",
      created_at: "",
      updated_at: "",
      paid_at: null,
      cancelled_at: null,
      confirmed_by: null,
    } as const;
    const start = stripeCheckout.start({ payment: { ...payment }, memberEmail: "a@example.com", successUrl: "https://x/s", cancelUrl: "https://x/c" });
    await expect(start).rejects.toBeInstanceOf(StripeError);
    await expect(start).rejects.toThrow("Your card was declined.");
  });

  test.each([
    { name: "an amount lower than the price", fields: { package_type: "millionaires", MemberShip: "annual", amount: "1" } },
    { name: "a zero amount", fields: { package_type: "millionaires", MemberShip: "annual", amount: "0" } },
    { name: "another package's price", fields: { package_type: "elite_millionaires", MemberShip: "annual", amount: "1000" } },
    { name: "the other period's price", fields: { package_type: "millionaires", MemberShip: "annual", amount: "120" } },
    { name: "a fraction of a cent off", fields: { package_type: "elite", MemberShip: "monthly", amount: "59.99" } },
  ])("refuses $name (400) without creating a payment or calling Stripe", async ({ fields }) => {
    const stripe = createStripeMock();
    server.use(...stripe.handlers());
    const member = await createSignedInMember();

    const response = await pay(member, fields);

    expect(response.status).toBe(400);
    expect((await replyErrors(response)).amount).toEqual(["The amount does not match the price of this package. Reload the page and try again."]);
    expect(await payments()).toEqual([]);
    expect(stripe.requests).toEqual([]);
  });

  test("accepts the price written with cents", async () => {
    const stripe = createStripeMock();
    server.use(...stripe.handlers());
    const member = await createSignedInMember();
    expect((await pay(member, { package_type: "elite", MemberShip: "monthly", amount: "60.00" })).status).toBe(302);
  });

  test.each([
    { name: "an unknown package", fields: { package_type: "platinum", MemberShip: "annual", amount: "1000" } },
    { name: "an unknown package without an amount", fields: { package_type: "platinum", MemberShip: "monthly" } },
    { name: "no package", fields: { MemberShip: "monthly" } },
  ] as { name: string; fields: Record<string, string> }[])("refuses $name (400) without creating a payment", async ({ fields }) => {
    const stripe = createStripeMock();
    server.use(...stripe.handlers());
    const member = await createSignedInMember();

    const response = await pay(member, fields);

    expect(response.status).toBe(400);
    expect((await replyErrors(response)).package_type).toEqual(["Choose a membership package."]);
    expect(await payments()).toEqual([]);
    expect(stripe.requests).toEqual([]);
  });

  test.each([
    { name: "no period", fields: { package_type: "elite", amount: "60" } },
    { name: "an unknown period", fields: { package_type: "elite", MemberShip: "weekly", amount: "60" } },
  ] as { name: string; fields: Record<string, string> }[])("refuses $name (400) without creating a payment", async ({ fields }) => {
    const member = await createSignedInMember();

    const response = await pay(member, fields);

    expect(response.status).toBe(400);
    expect((await replyErrors(response)).MemberShip).toEqual(["Choose monthly or annual membership."]);
    expect(await payments()).toEqual([]);
  });

  test("refuses an amount that is not a number with a 400", async () => {
    const member = await createSignedInMember();
    const response = await pay(member, { package_type: "elite", MemberShip: "monthly", amount: "sixty" });
    expect(response.status).toBe(400);
    expect(Object.keys(await replyErrors(response))).toEqual(["amount"]);
    expect(await payments()).toEqual([]);
  });

  test("a signed-out visitor is sent to sign in and nothing is created", async () => {
    const response = await settle(() => payModule.action(routeArgs(postRequest("/user/membership/pay", { package_type: "elite", MemberShip: "monthly" }))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
    expect(await payments()).toEqual([]);
  });

  test("the payment form says the member will pay by card", async () => {
    const member = await createSignedInMember();
    const response = await settle(() => payModule.loader(routeArgs(getRequest("/user/membership/pay?package=millionaires", member.cookie))));
    expect(await response.json()).toMatchObject({ provider: "stripe", packageId: "millionaires", currency: "USD" });
  });

  test("back from Stripe, the order page says it waits for the confirmation", async () => {
    const { member, payment } = await startedCardPayment();
    const response = await settle(() =>
      orderModule.loader(routeArgs(getRequest(`/user/payments/${payment.reference}?return=success`, member.cookie), { reference: payment.reference })),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      payment: { reference: payment.reference, status: "pending", provider: "stripe", amount: "$1,000" },
      returned: "success",
      bank: null,
    });
  });
});

describe("Stripe webhook", () => {
  test("a completed, paid checkout marks the payment paid and activates the membership", async () => {
    const { member, payment, session } = await startedCardPayment();
    const payload = checkoutEvent("checkout.session.completed", {
      id: session.id,
      payment_status: "paid",
      client_reference_id: payment.reference,
      amount_total: 100000,
    });

    const answer = await postWebhook(payload);

    expect(answer).toEqual({ status: 200, body: { received: true, replay: false } });
    const [paid] = await payments();
    expect(paid.status).toBe("paid");
    expect(paid.paid_at).not.toBeNull();
    const rows = await memberships();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      member_id: member.id,
      package: "millionaires",
      period: "annual",
      starts_on: today(),
      ends_on: periodEnd(today(), "annual"),
      payment_id: payment.id,
    });
    expect(await currentMembership(member.id)).toMatchObject({ label: "Millionaires", coveredUntil: periodEnd(today(), "annual") });

    const order = await settle(() =>
      orderModule.loader(routeArgs(getRequest(`/user/payments/${payment.reference}`, member.cookie), { reference: payment.reference })),
    );
    expect(await order.json()).toMatchObject({ payment: { status: "paid" }, membership: { label: "Millionaires" } });
  });

  test("replaying the same event changes nothing and says it was a replay", async () => {
    const { payment, session } = await startedCardPayment();
    const payload = checkoutEvent("checkout.session.completed", { id: session.id, payment_status: "paid" });
    expect((await postWebhook(payload)).body).toEqual({ received: true, replay: false });
    const [paid] = await payments();
    const [membership] = await memberships();

    // Stripe retries with the same event; an attacker could resend a captured one.
    const replay = await postWebhook(payload);
    const again = await postWebhook(payload, signStripePayload(payload, SECRET, Math.floor(Date.now() / 1000) - 10));

    expect(replay).toEqual({ status: 200, body: { received: true, replay: true } });
    expect(again).toEqual({ status: 200, body: { received: true, replay: true } });
    expect(await payments()).toEqual([paid]);
    expect(await memberships()).toEqual([membership]);
    expect(membership.payment_id).toBe(payment.id);
    expect(await paymentEvents()).toHaveLength(1);
  });

  test("another event for the same session (async success after completed) adds no second membership", async () => {
    const { session } = await startedCardPayment();
    await postWebhook(checkoutEvent("checkout.session.completed", { id: session.id, payment_status: "paid" }));
    const [paid] = await payments();
    const answer = await postWebhook(checkoutEvent("checkout.session.async_payment_succeeded", { id: session.id, payment_status: "paid" }));
    expect(answer).toEqual({ status: 200, body: { received: true, replay: false } });
    expect(await payments()).toEqual([paid]);
    expect(await memberships()).toHaveLength(1);
  });

  test("the same event arriving twice at once activates one membership", async () => {
    const { session } = await startedCardPayment();
    const payload = checkoutEvent("checkout.session.completed", { id: session.id, payment_status: "paid" });
    const answers = await Promise.all([postWebhook(payload), postWebhook(payload)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await payments())[0].status).toBe("paid");
    expect(await memberships()).toHaveLength(1);
  });

  test("a completed checkout that is not paid yet (delayed method) waits for async_payment_succeeded", async () => {
    const { member, session } = await startedCardPayment();
    await postWebhook(checkoutEvent("checkout.session.completed", { id: session.id, payment_status: "unpaid" }));
    expect((await payments())[0].status).toBe("pending");
    expect(await memberships()).toEqual([]);

    await postWebhook(checkoutEvent("checkout.session.async_payment_succeeded", { id: session.id, payment_status: "paid" }));
    expect((await payments())[0].status).toBe("paid");
    expect(await currentMembership(member.id)).toMatchObject({ package: "millionaires" });
  });

  test("an async payment failure marks the payment failed", async () => {
    const { session } = await startedCardPayment();
    await postWebhook(checkoutEvent("checkout.session.async_payment_failed", { id: session.id, payment_status: "unpaid" }));
    expect((await payments())[0].status).toBe("failed");
    expect(await memberships()).toEqual([]);
  });

  const now = () => Math.floor(Date.now() / 1000);
  test.each([
    { name: "a signature made with another secret", sign: (p: string) => signStripePayload(p, "whsec_someone_else") },
    { name: "a signature of another payload", sign: (p: string) => signStripePayload(p.replace('"paid"', '"unpaid"'), SECRET) },
    { name: "a garbage signature", sign: () => `t=${now()},v1=${"ab".repeat(32)}` },
    { name: "a signature that is not hex", sign: () => `t=${now()},v1=not-a-signature` },
    { name: "a timestamp older than 5 minutes", sign: (p: string) => signStripePayload(p, SECRET, now() - 301) },
    { name: "a timestamp far in the future", sign: (p: string) => signStripePayload(p, SECRET, now() + 3600) },
    { name: "a header without a timestamp", sign: (p: string) => signStripePayload(p, SECRET).replace(/^t=\d+,/, "") },
    { name: "a header without a v1 signature", sign: (p: string) => signStripePayload(p, SECRET).replace(",v1=", ",v0=") },
    { name: "an empty header", sign: () => "" },
    { name: "no header", sign: () => null },
  ])("refuses $name with 400 and changes nothing", async ({ sign }) => {
    const { session } = await startedCardPayment();
    const payload = checkoutEvent("checkout.session.completed", { id: session.id, payment_status: "paid" });
    const before = await payments();

    const answer = await postWebhook(payload, sign(payload));

    expect(answer.status).toBe(400);
    expect(typeof answer.body.error).toBe("string");
    expect(await payments()).toEqual(before);
    expect(before[0].status).toBe("pending");
    expect(await memberships()).toEqual([]);
    expect(await paymentEvents()).toEqual([]);
  });

  test("a payload tampered after signing is refused", async () => {
    const { session } = await startedCardPayment();
    const original = checkoutEvent("checkout.session.completed", { id: "cs_test_someone_elses", payment_status: "paid" });
    const signature = signStripePayload(original, SECRET);
    const tampered = original.replace("cs_test_someone_elses", session.id);

    expect((await postWebhook(tampered, signature)).status).toBe(400);
    expect((await payments())[0].status).toBe("pending");
    expect(await memberships()).toEqual([]);
  });

  test("a signed payload that is not JSON, or not an event, is refused with 400", async () => {
    expect((await postWebhook("not json")).status).toBe(400);
    expect((await postWebhook("null")).status).toBe(400);
    expect((await postWebhook(JSON.stringify({ type: "checkout.session.completed" }))).status).toBe(400);
    expect((await postWebhook(JSON.stringify({ id: "evt_no_data", type: "checkout.session.completed" }))).status).toBe(400);
    expect((await postWebhook(JSON.stringify({ id: "evt_null", type: "checkout.session.completed", data: { object: null } }))).status).toBe(400);
    expect(await paymentEvents()).toEqual([]);
  });

  test("an expired checkout cancels the payment", async () => {
    const { session } = await startedCardPayment();

    const answer = await postWebhook(checkoutEvent("checkout.session.expired", { id: session.id, payment_status: "unpaid", status: "expired" }));

    expect(answer).toEqual({ status: 200, body: { received: true, replay: false } });
    const [cancelled] = await payments();
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelled_at).not.toBeNull();
    expect(cancelled.paid_at).toBeNull();
    expect(await memberships()).toEqual([]);
  });

  test("an expiry arriving after the payment cannot cancel a paid payment", async () => {
    const { member, session } = await startedCardPayment();
    await postWebhook(checkoutEvent("checkout.session.completed", { id: session.id, payment_status: "paid" }));
    await postWebhook(checkoutEvent("checkout.session.expired", { id: session.id, payment_status: "unpaid" }));
    expect((await payments())[0].status).toBe("paid");
    expect(await currentMembership(member.id)).not.toBeNull();
  });

  test("an event for a session Chapter does not know is acknowledged and ignored", async () => {
    const { payment } = await startedCardPayment();
    const answer = await postWebhook(
      checkoutEvent("checkout.session.completed", { id: "cs_test_unknown", payment_status: "paid", client_reference_id: payment.reference }),
    );
    expect(answer).toEqual({ status: 200, body: { received: true, replay: false } });
    expect((await payments())[0].status).toBe("pending");
    expect(await memberships()).toEqual([]);
  });

  test("other event types are acknowledged and change nothing", async () => {
    const { session } = await startedCardPayment();
    const answer = await postWebhook(checkoutEvent("payment_intent.succeeded", { id: session.id, payment_status: "paid" }));
    expect(answer.status).toBe(200);
    expect((await payments())[0].status).toBe("pending");
    expect(await memberships()).toEqual([]);
  });

  test("GET is not allowed", async () => {
    const response = await settle(() => webhookModule.loader());
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("verifyStripeWebhook", () => {
  const payload = JSON.stringify({ id: "evt_1", type: "checkout.session.completed", data: { object: {} } });

  test("accepts Stripe's header, also with several v1 signatures (secret rotation) and a v0", () => {
    const t = 1_700_000_000;
    const good = signStripePayload(payload, SECRET, t).split("v1=")[1];
    const header = `t=${t},v1=${"00".repeat(32)},v1=${good},v0=${"11".repeat(32)}`;
    expect(verifyStripeWebhook(payload, header, SECRET, t * 1000).id).toBe("evt_1");
  });

  test("the tolerance is 300 seconds either way", () => {
    const t = 1_700_000_000;
    const header = signStripePayload(payload, SECRET, t);
    expect(() => verifyStripeWebhook(payload, header, SECRET, (t + 300) * 1000)).not.toThrow();
    expect(() => verifyStripeWebhook(payload, header, SECRET, (t - 300) * 1000)).not.toThrow();
    expect(() => verifyStripeWebhook(payload, header, SECRET, (t + 301) * 1000)).toThrow(StripeError);
    expect(() => verifyStripeWebhook(payload, header, SECRET, (t - 301) * 1000)).toThrow(StripeError);
  });
});

describe("anti-forgery check (protectActions)", () => {
  const build = protectActions({
    routes: {
      webhook: { id: "webhook", path: "webhooks/stripe", module: webhookModule },
      pay: { id: "pay", path: "user/membership/pay", module: payModule },
    },
  } as unknown as ServerBuild);
  // What Remix calls: the wrapped actions (their answers are Responses).
  const webhookAction = build.routes.webhook.module.action as (args: ReturnType<typeof routeArgs>) => Promise<Response>;
  const payAction = build.routes.pay.module.action as (args: ReturnType<typeof routeArgs>) => Promise<Response>;

  test("the webhook needs no anti-forgery token: its signature proves the sender", async () => {
    const { session } = await startedCardPayment();
    const payload = checkoutEvent("checkout.session.completed", { id: session.id, payment_status: "paid" });
    const response = await settle(() => webhookAction(routeArgs(webhookRequest(payload, signStripePayload(payload, SECRET)))));
    expect(response.status).toBe(200);
    expect((await payments())[0].status).toBe("paid");
  });

  test("without a token the webhook still refuses a bad signature", async () => {
    const { session } = await startedCardPayment();
    const payload = checkoutEvent("checkout.session.completed", { id: session.id, payment_status: "paid" });
    const response = await settle(() => webhookAction(routeArgs(webhookRequest(payload, signStripePayload(payload, "whsec_wrong")))));
    expect(response.status).toBe(400);
    expect((await payments())[0].status).toBe("pending");
  });

  test("the pay action still demands the token", async () => {
    const stripe = createStripeMock();
    server.use(...stripe.handlers());
    const member = await createSignedInMember();
    const fields = { package_type: "elite", MemberShip: "monthly", amount: "60" };

    const refused = await settle(() => payAction(routeArgs(postRequest("/user/membership/pay", fields, member.cookie))));
    expect(refused.status).toBe(403);
    expect(await payments()).toEqual([]);
    expect(stripe.requests).toEqual([]);

    const { token, setCookie } = await csrfToken(getRequest("/"));
    const cookie = `${member.cookie}; ${setCookie!.split(";")[0]}`;
    const accepted = await settle(() => payAction(routeArgs(postRequest("/user/membership/pay", { ...fields, [CSRF_FIELD]: token }, cookie))));
    expect(accepted.status).toBe(302);
    expect(await payments()).toHaveLength(1);
  });
});
