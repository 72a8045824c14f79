import { describe, expect, test, vi } from "vitest";

// Card payments are on in this file only, set before any app module is imported.
await vi.hoisted(async () => (await import("./setup/card-payments")).turnOnCardPayments());

import { db } from "~/lib/db.server";
import * as buyModule from "~/routes/spec/user.event.payment_form";
import * as webhookModule from "~/routes/membership/webhooks.stripe";
import { createEvent, eventCounters, ticketsOf } from "./event-fixtures";
import { createSignedInMember, postRequest, routeArgs, settle, type TestMember } from "./helpers";
import { server } from "./mocks";
import { createStripeMock } from "./mocks/stripe";
import { checkoutEvent, webhookRequest } from "./stripe-webhooks";

function buy(member: TestMember, eventId: number, type = "vip") {
  return settle(() => buyModule.action(routeArgs(postRequest(`/user/event/payment_form?event_id=${eventId}&ticket_type=${type}`, {}, member.cookie))));
}

function webhook(type: string, object: Record<string, unknown>) {
  return settle(() => webhookModule.action(routeArgs(webhookRequest(checkoutEvent(type, object)))));
}

async function startedCardPurchase() {
  const stripe = createStripeMock();
  server.use(...stripe.handlers());
  const organiser = await createSignedInMember();
  const eventId = await createEvent(organiser.id, { title: "Charity Ball", vip_capacity: 1, vip_amount_cents: 25000 });
  const member = await createSignedInMember();
  const response = await buy(member, eventId);
  expect(response.status).toBe(302);
  const session = stripe.requests[0].session!;
  expect(response.headers.get("Location")).toBe(session.url);
  return { stripe, eventId, member, session };
}

describe("buying a ticket by card (Stripe configured)", () => {
  test("Checkout gets the event's price; the ticket is issued only when Stripe's signed webhook says paid, once", async () => {
    const { stripe, eventId, session } = await startedCardPurchase();
    const form = stripe.lastForm();
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("25000");
    expect(form.get("line_items[0][price_data][product_data][name]")).toBe("VIP ticket: Charity Ball");
    const [pending] = await ticketsOf(eventId);
    expect(pending.status).toBe("pending");
    const payment = await db.selectFrom("payments").selectAll().where("id", "=", pending.payment_id!).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ provider: "stripe", provider_ref: session.id, purpose: "ticket", status: "pending" });

    // Coming back from Stripe's page proves nothing; an unpaid completion does not issue it either.
    expect((await webhook("checkout.session.completed", { id: session.id, payment_status: "unpaid" })).status).toBe(200);
    expect((await ticketsOf(eventId))[0].status).toBe("pending");

    expect((await webhook("checkout.session.completed", { id: session.id, payment_status: "paid" })).status).toBe(200);
    const [issued] = await ticketsOf(eventId);
    expect(issued).toMatchObject({ status: "issued" });
    expect(issued.issued_at).not.toBeNull();
    await webhook("checkout.session.completed", { id: session.id, payment_status: "paid" });
    expect(await ticketsOf(eventId)).toEqual([issued]);
    // The member is told once, however often Stripe repeats itself.
    const told = await db.selectFrom("notifications").select("kind").where("kind", "=", "ticket_issued").execute();
    expect(told).toHaveLength(1);
    expect((await eventCounters(eventId)).vip_taken).toBe(1);
  });

  test("an expired Checkout session cancels the ticket and releases the seat", async () => {
    const { eventId, session } = await startedCardPurchase();
    expect((await eventCounters(eventId)).vip_taken).toBe(1);
    expect((await webhook("checkout.session.expired", { id: session.id })).status).toBe(200);
    expect((await ticketsOf(eventId))[0].status).toBe("cancelled");
    expect((await eventCounters(eventId)).vip_taken).toBe(0);
    // A late "paid" for that session cannot take the seat twice.
    await webhook("checkout.session.expired", { id: session.id });
    expect((await eventCounters(eventId)).vip_taken).toBe(0);
  });

  test("a failed async payment cancels the ticket too", async () => {
    const { eventId, session } = await startedCardPurchase();
    await webhook("checkout.session.async_payment_failed", { id: session.id });
    expect((await ticketsOf(eventId))[0].status).toBe("cancelled");
    expect((await eventCounters(eventId)).vip_taken).toBe(0);
  });

  test("Stripe unreachable: the member is told, nothing is charged, and the seat is free again", async () => {
    const stripe = createStripeMock();
    server.use(...stripe.networkErrorHandlers());
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { vip_capacity: 1, vip_amount_cents: 25000 });
    const member = await createSignedInMember();
    const response = await buy(member, eventId);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      message: "The card payment service could not be reached. You have not been charged; please try again in a moment.",
    });
    expect((await ticketsOf(eventId))[0].status).toBe("cancelled");
    expect((await eventCounters(eventId)).vip_taken).toBe(0);
    expect((await db.selectFrom("payments").select("status").executeTakeFirstOrThrow()).status).toBe("failed");
  });
});
