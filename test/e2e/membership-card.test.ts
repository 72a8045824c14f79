import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { signStripePayload } from "~/lib/payments/stripe.server";
import { followMemberMenu, modes } from "./browser";
import { SECRET_KEY, WEBHOOK_SECRET, useStripeChapter } from "./stripe-chapter";

// Card payments end to end (see stripe-chapter.ts): a member buys a membership on the fake
// Stripe's page and the membership starts only when Stripe's signed webhook confirms it.

const { fakeStripe, chapter, newPage, hydrated, onChapter, signUp, postWebhook, completedEvent } = useStripeChapter("card");

/** From the member's home: Membership → Choose Millionaires → Annual → Pay; lands on the
 * fake checkout page and returns the session Chapter created there. */
async function startPaying(page: Page, javaScript: boolean) {
  await followMemberMenu(page, "Membership");
  await page.waitForURL(onChapter("/user/membership"));
  await page.getByRole("heading", { name: "Membership", level: 1 }).waitFor();
  await page
    .getByRole("row")
    .filter({ hasText: /^Millionaires/ })
    .getByRole("link")
    .click();
  await page.waitForURL(onChapter("/user/membership/pay"));
  const dialog = page.getByRole("dialog", { name: "Membership payment" });
  await dialog.waitFor();
  await hydrated(page, javaScript);
  expect(await dialog.getByLabel("Millionaires", { exact: true }).isChecked()).toBe(true);
  await dialog.getByLabel(/Annual Membership/).check();
  const pay = dialog.getByRole("button", {
    name: javaScript ? "Pay $1,000" : "Pay",
  });
  await pay.click();
  await page.waitForURL((url) => url.origin === fakeStripe.origin() && url.pathname.startsWith("/pay/"));
  await page.getByRole("heading", { name: "Fake Stripe Checkout" }).waitFor();
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const session = fakeStripe.sessions.get(id);
  if (!session) throw new Error(`Chapter sent the member to an unknown session ${id}`);
  return session;
}

describe.each(modes)("membership by card $name", ({ javaScript }) => {
  test("a member pays on the card page, Stripe confirms, the membership is active", async () => {
    const page = await newPage(javaScript);
    await signUp(page, javaScript, `Card Payer ${javaScript ? "JS" : "HTML"}`);

    const session = await startPaying(page, javaScript);

    // What Chapter asked Stripe for: the server's price, to come back to the order page.
    const reference = session.form.get("client_reference_id")!;
    expect(reference).toMatch(/^CH-[A-Z0-9]{8}$/);
    expect(session.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(await page.getByTestId("amount").textContent()).toBe("100000 usd");
    expect(session.form.get("success_url")).toBe(`${chapter.baseURL}/user/payments/${reference}?return=success`);
    expect(session.form.get("cancel_url")).toBe(`${chapter.baseURL}/user/payments/${reference}?return=cancel`);

    await page.getByRole("link", { name: "Pay" }).click();
    await page.waitForURL(onChapter(`/user/payments/${reference}`));
    await hydrated(page, javaScript);
    expect(new URL(page.url()).searchParams.get("return")).toBe("success");
    expect(await page.getByTestId("payment-reference").textContent()).toBe(reference);
    expect(await page.getByTestId("payment-status").textContent()).toBe("Waiting for payment");
    await page.getByText(/waiting for the card payment service to confirm your payment/).waitFor();

    // Stripe confirms.
    const payload = completedEvent(session);
    expect(await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET))).toEqual({
      status: 200,
      body: { received: true, replay: false },
    });

    await page.reload();
    await hydrated(page, javaScript);
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.getByTestId("payment-status").textContent()).toMatch(/^Paid on \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    await page.getByText(/Your Millionaires membership is active until \d{1,2} [A-Z][a-z]{2} \d{4}/).waitFor();
    expect(await page.getByText(/waiting for the card payment service/).count()).toBe(0);

    await page.getByRole("link", { name: "Back to Membership" }).click();
    await page.waitForURL(onChapter("/user/membership"));
    const current = page.getByRole("region", { name: "Your membership" });
    expect(await current.locator(".badge--package").textContent()).toBe("Millionaires");
    expect(await current.getByText("Annual", { exact: true }).count()).toBe(1);
    expect(await current.getByText(today, { exact: true }).count()).toBe(1);
    const row = page.getByRole("region", { name: "Your payments" }).getByRole("row").filter({ hasText: reference });
    expect(await row.getByText("Paid", { exact: true }).count()).toBe(1);

    // The same event again (Stripe retries) changes nothing.
    expect(await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET))).toEqual({
      status: 200,
      body: { received: true, replay: true },
    });
  });

  test("a member who goes back from the card page is told nothing was charged", async () => {
    const page = await newPage(javaScript);
    await signUp(page, javaScript, `Card Leaver ${javaScript ? "JS" : "HTML"}`);
    const session = await startPaying(page, javaScript);
    const reference = session.form.get("client_reference_id")!;

    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(onChapter(`/user/payments/${reference}`));
    await page.getByText("You left the card payment before paying: you have not been charged.").waitFor();
    expect(await page.getByTestId("payment-status").textContent()).toBe("Waiting for payment");
  });
});

describe("Stripe webhook on the running server", () => {
  test("a webhook with a bad signature is refused with 400 and activates nothing", async () => {
    const page = await newPage(false);
    await signUp(page, false, "Forged Webhook");
    const session = await startPaying(page, false);
    const reference = session.form.get("client_reference_id")!;
    const payload = completedEvent(session);

    expect((await postWebhook(payload, signStripePayload(payload, "whsec_not_the_secret"))).status).toBe(400);
    expect((await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600))).status).toBe(400);
    const unsigned = await fetch(`${chapter.baseURL}/webhooks/stripe`, {
      method: "POST",
      body: payload,
    });
    expect(unsigned.status).toBe(400);

    await page.goto(`/user/payments/${reference}`);
    expect(await page.getByTestId("payment-status").textContent()).toBe("Waiting for payment");
    await page.goto("/user/membership");
    await page.getByText("You have no paid membership yet.").waitFor();
  });

  test("the pages allow the card page as a form target, and only it", async () => {
    const response = await fetch(`${chapter.baseURL}/signin`);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(new RegExp(`form-action 'self' ${fakeStripe.origin().replace(/[.]/g, "\\.")}(;|$)`));
  });
});
