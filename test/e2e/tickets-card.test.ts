import { describe, expect, test } from "vitest";
import { signStripePayload } from "~/lib/payments/stripe.server";
import { modes } from "./browser";
import { WEBHOOK_SECRET, useStripeChapter } from "./stripe-chapter";
import { day } from "../fixtures/days";

// A paid ticket bought by card, end to end (see stripe-chapter.ts): the seat is held while the
// payment waits and the ticket is issued only once Stripe's signed webhook confirms it.

const { fakeStripe, chapter, newPage, hydrated, onChapter, signUp, postWebhook, completedEvent } = useStripeChapter("ticket-card");

describe.each(modes)("a ticket paid by card $name", ({ javaScript }) => {
  test("the seat is held while Stripe takes the payment; the ticket is issued when Stripe confirms", async () => {
    const suffix = `${javaScript ? "JS" : "HTML"} ${Date.now()}`;
    const organiser = await newPage(javaScript);
    await signUp(organiser, javaScript, `Orla Organiser ${suffix}`);
    await organiser.goto("/user/events/create");
    const form = organiser.getByRole("dialog", { name: "Create an event" });
    await form.waitFor();
    await hydrated(organiser, javaScript);
    const title = `Card gala ${suffix}`;
    await form.getByLabel("Title", { exact: true }).fill(title);
    await form.getByLabel("Start date", { exact: true }).fill(day(30));
    await form.getByLabel("Start time", { exact: true }).fill("18:00");
    await form.getByLabel("End date", { exact: true }).fill(day(30));
    await form.getByLabel("End time", { exact: true }).fill("22:00");
    await form.getByLabel("General seats", { exact: true }).fill("1");
    await form.getByLabel("General ticket amount (USD)", { exact: true }).fill("30");
    await form.getByRole("button", { name: "Create event" }).click();
    await organiser.waitForURL((url) => url.origin === chapter.baseURL && /^\/user\/events\/\d+$/.test(url.pathname));
    const eventId = Number(new URL(organiser.url()).pathname.split("/").pop());

    const member = await newPage(javaScript);
    await signUp(member, javaScript, `Cara Card ${suffix}`);
    await member.goto(`/user/events/${eventId}`);
    await hydrated(member, javaScript);
    await member.getByTestId("ticket-general").getByRole("link", { name: "Get ticket" }).click();
    await member.waitForURL(onChapter("/user/event/payment_form"));
    const dialog = member.getByRole("dialog", { name: "Get a ticket" });
    await dialog.waitFor();
    await hydrated(member, javaScript);
    await dialog
      .getByText("You will pay by card on Stripe's secure page.", {
        exact: false,
      })
      .waitFor();
    await dialog.getByRole("button", { name: "Pay $30" }).click();
    await member.waitForURL((url) => url.origin === fakeStripe.origin() && url.pathname.startsWith("/pay/"));
    const session = fakeStripe.sessions.get(new URL(member.url()).pathname.split("/").pop()!)!;
    expect(session).toBeDefined();
    expect(await member.getByTestId("amount").textContent()).toBe("3000 usd");
    const reference = session.form.get("client_reference_id")!;
    expect(reference).toMatch(/^CH-[A-Z0-9]{8}$/);

    // Back on Chapter before Stripe confirms: waiting; the only seat is held (sold out for others).
    await member.getByRole("link", { name: "Pay" }).click();
    await member.waitForURL(onChapter(`/user/payments/${reference}`));
    await hydrated(member, javaScript);
    expect(await member.getByTestId("payment-status").textContent()).toBe("Waiting for payment");
    await member.goto("/user/tickets");
    expect(await member.getByTestId("my-ticket").filter({ hasText: title }).textContent()).toContain("Waiting for payment");
    await organiser.goto(`/user/events/${eventId}`);
    expect(await organiser.getByTestId("ticket-general").textContent()).toContain("Sold out");

    // Stripe confirms: the ticket is issued.
    const payload = completedEvent(session);
    expect(await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET))).toEqual({
      status: 200,
      body: { received: true, replay: false },
    });
    await member.goto(`/user/payments/${reference}`);
    await hydrated(member, javaScript);
    expect(await member.getByTestId("payment-status").textContent()).toMatch(/^Paid on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await member.getByRole("link", { name: "see your ticket" }).click();
    await member.waitForURL((url) => url.origin === chapter.baseURL && url.pathname.startsWith("/user/tickets/"));
    expect(await member.getByTestId("ticket-type").textContent()).toBe("General");
    expect(await member.getByTestId("ticket-status").textContent()).toBe("Valid");
  });
});
