import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { signStripePayload } from "~/lib/payments/stripe.server";
import { TMP } from "../setup/paths";
import { launchBrowser, modes, PASSWORD, uniqueEmail } from "./browser";
import { startServer, stopServer } from "./global-server";

// Card payments end to end: the shared e2e server has no Stripe keys, so this file starts a
// second Chapter configured for Stripe, pointed at a fake Stripe (its Checkout Sessions API
// and a hosted checkout page) served here. Stripe's confirmation is a signed webhook the test
// posts, as Stripe would.

const SECRET_KEY = "sk_test_e2e";
const WEBHOOK_SECRET = "whsec_e2e";
const WAIT_MS = 15_000;

type FakeSession = { id: string; form: URLSearchParams; authorization: string | undefined };

/** Stripe, as far as Chapter can tell: POST /v1/checkout/sessions and the checkout page. */
function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  let counter = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        if (req.headers.authorization !== `Bearer ${SECRET_KEY}`) {
          res.writeHead(401, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ error: { message: "Invalid API Key provided" } }));
          return;
        }
        counter += 1;
        const id = `cs_test_e2e_${counter}_${Date.now()}`;
        sessions.set(id, { id, form: new URLSearchParams(body), authorization: req.headers.authorization });
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ id, object: "checkout.session", url: `${origin()}/pay/${id}` }));
      });
      return;
    }
    const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
    const session = pay ? sessions.get(pay[1]) : undefined;
    if (req.method === "GET" && session) {
      const attr = (value: string | null) => (value ?? "").replace(/&/g, "&amp;").replace(/"/g, "&quot;");
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      res.end(`<!doctype html><html><head><title>Fake Stripe Checkout</title></head><body>
        <h1>Fake Stripe Checkout</h1>
        <p data-testid="amount">${session.form.get("line_items[0][price_data][unit_amount]")} ${session.form.get("line_items[0][price_data][currency]")}</p>
        <a href="${attr(session.form.get("success_url"))}">Pay</a>
        <a href="${attr(session.form.get("cancel_url"))}">Back</a>
      </body></html>`);
      return;
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("Not found");
  });
  const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    sessions,
    origin,
    listen: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const fakeStripe = startFakeStripe();
let chapter: { baseURL: string; child: ChildProcess; output: () => string };
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  await fakeStripe.listen();
  chapter = await startServer(path.join(TMP, "e2e-card-data"), {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fakeStripe.origin(),
    STRIPE_CHECKOUT_ORIGIN: fakeStripe.origin(),
  });
  browser = await launchBrowser();
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  await browser?.close();
  if (chapter) await stopServer(chapter.child);
  await fakeStripe.close();
});

async function newPage(javaScript: boolean) {
  const context = await browser.newContext({ baseURL: chapter.baseURL, javaScriptEnabled: javaScript, viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  contexts.push(context);
  return context.newPage();
}

/** With JavaScript, waits for React to hydrate (see hydrated() in browser.ts). */
async function hydrated(page: Page, javaScript: boolean) {
  if (javaScript) await page.waitForFunction(() => window.history.scrollRestoration === "manual");
}

const onChapter = (pathname: string) => (url: URL) => url.origin === chapter.baseURL && url.pathname === pathname;

async function signUp(page: Page, javaScript: boolean, name: string) {
  await page.goto("/signup");
  await hydrated(page, javaScript);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("card"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("I am").selectOption({ label: "Entrepreneur" });
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(onChapter("/user"));
  await hydrated(page, javaScript);
}

/** From the member's home: Membership → Choose Millionaires → Annual → Pay; lands on the
 * fake checkout page and returns the session Chapter created there. */
async function startPaying(page: Page, javaScript: boolean) {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Membership" }).click();
  await page.waitForURL(onChapter("/user/membership"));
  await page.getByRole("heading", { name: "Membership", level: 1 }).waitFor();
  await page.getByRole("row").filter({ hasText: /^Millionaires/ }).getByRole("link").click();
  await page.waitForURL(onChapter("/user/membership/pay"));
  const dialog = page.getByRole("dialog", { name: "Membership payment" });
  await dialog.waitFor();
  await hydrated(page, javaScript);
  expect(await dialog.getByLabel("Millionaires", { exact: true }).isChecked()).toBe(true);
  await dialog.getByLabel(/Annual Membership/).check();
  const pay = dialog.getByRole("button", { name: javaScript ? "Pay $1,000" : "Pay" });
  await pay.click();
  await page.waitForURL((url) => url.origin === fakeStripe.origin() && url.pathname.startsWith("/pay/"));
  await page.getByRole("heading", { name: "Fake Stripe Checkout" }).waitFor();
  const id = new URL(page.url()).pathname.split("/").pop()!;
  const session = fakeStripe.sessions.get(id);
  if (!session) throw new Error(`Chapter sent the member to an unknown session ${id}`);
  return session;
}

async function postWebhook(payload: string, signature: string) {
  const response = await fetch(`${chapter.baseURL}/webhooks/stripe`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function completedEvent(session: FakeSession) {
  return JSON.stringify({
    id: `evt_e2e_${session.id}`,
    object: "event",
    type: "checkout.session.completed",
    data: {
      object: {
        id: session.id,
        object: "checkout.session",
        payment_status: "paid",
        status: "complete",
        client_reference_id: session.form.get("client_reference_id"),
        amount_total: Number(session.form.get("line_items[0][price_data][unit_amount]")),
      },
    },
  });
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
    expect(await page.getByTestId("payment-status").textContent()).toMatch(/^Paid on \d{4}-\d{2}-\d{2}$/);
    await page.getByText(/Your Millionaires membership is active until \d{4}-\d{2}-\d{2}/).waitFor();
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
    const unsigned = await fetch(`${chapter.baseURL}/webhooks/stripe`, { method: "POST", body: payload });
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
