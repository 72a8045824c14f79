import type { ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import { TMP } from "../setup/paths";
import { launchBrowser, PASSWORD, uniqueEmail } from "./browser";
import { startServer, stopServer } from "./global-server";

// Card payments end to end: the shared e2e server has no Stripe keys, so a file that pays by
// card starts a second Chapter configured for Stripe, pointed at a fake Stripe (its Checkout
// Sessions API and a hosted checkout page) served here. Stripe's confirmation is a signed
// webhook the test posts, as Stripe would.

export const SECRET_KEY = "sk_test_e2e";
export const WEBHOOK_SECRET = "whsec_e2e";
const WAIT_MS = 15_000;

export type FakeSession = {
  id: string;
  form: URLSearchParams;
  authorization: string | undefined;
};

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
        sessions.set(id, {
          id,
          form: new URLSearchParams(body),
          authorization: req.headers.authorization,
        });
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(
          JSON.stringify({
            id,
            object: "checkout.session",
            url: `${origin()}/pay/${id}`,
          }),
        );
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

/** A Chapter paying through the fake Stripe, a browser, and the steps every card test takes;
 * call at the top level of a test file. `tag` keeps its data folder and e-mails apart. */
export function useStripeChapter(tag: string) {
  const fakeStripe = startFakeStripe();
  let server: { baseURL: string; child: ChildProcess; output: () => string };
  const chapter = {
    get baseURL() {
      return server.baseURL;
    },
  };
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await fakeStripe.listen();
    server = await startServer(path.join(TMP, `e2e-${tag}-data`), {
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
    if (server) await stopServer(server.child);
    await fakeStripe.close();
  });

  async function newPage(javaScript: boolean) {
    const context = await browser.newContext({
      baseURL: chapter.baseURL,
      javaScriptEnabled: javaScript,
      viewport: { width: 390, height: 844 },
    });
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
    await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail(tag));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("I am").selectOption({ label: "Entrepreneur" });
    await page.getByRole("button", { name: "Create my account" }).click();
    // The server's first account is its admin, led to the club's page once.
    await page.waitForURL((url) => onChapter("/user")(url) || onChapter("/user/admin/club")(url));
    await hydrated(page, javaScript);
  }

  async function postWebhook(payload: string, signature: string) {
    const response = await fetch(`${chapter.baseURL}/webhooks/stripe`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": signature,
      },
      body: payload,
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    };
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

  return {
    fakeStripe,
    chapter,
    newPage,
    hydrated,
    onChapter,
    signUp,
    postWebhook,
    completedEvent,
  };
}
