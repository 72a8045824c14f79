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

// A paid ticket bought by card, end to end: like membership-card.test.ts, this file starts a
// Chapter configured for Stripe, pointed at a fake Stripe (Checkout Sessions API and a hosted
// checkout page) served here; Stripe's confirmation is a signed webhook the test posts. The
// seat is held while the payment waits and the ticket is issued only once Stripe confirms.

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
  chapter = await startServer(path.join(TMP, "e2e-ticket-card-data"), {
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
  await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("ticket-card"));
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("I am").selectOption({ label: "Entrepreneur" });
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(onChapter("/user"));
  await hydrated(page, javaScript);
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

function day(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

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
    await form.getByLabel("General ticket amount", { exact: true }).fill("30");
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
    await dialog.getByText("You will pay by card on Stripe's secure page.", { exact: false }).waitFor();
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
    expect(await postWebhook(payload, signStripePayload(payload, WEBHOOK_SECRET))).toEqual({ status: 200, body: { received: true, replay: false } });
    await member.goto(`/user/payments/${reference}`);
    await hydrated(member, javaScript);
    expect(await member.getByTestId("payment-status").textContent()).toMatch(/^Paid on \d{4}-\d{2}-\d{2}$/);
    await member.getByRole("link", { name: "see your ticket" }).click();
    await member.waitForURL((url) => url.origin === chapter.baseURL && url.pathname.startsWith("/user/tickets/"));
    expect(await member.getByTestId("ticket-type").textContent()).toBe("General");
    expect(await member.getByTestId("ticket-status").textContent()).toBe("Valid");
  });
});
