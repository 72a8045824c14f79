import type { ChildProcess } from "node:child_process";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { TMP } from "../setup/paths";
import { fieldErrors, launchBrowser, modes, PASSWORD, toast, uniqueEmail } from "./browser";
import { startServer, stopServer } from "./global-server";

// A new club's first steps, on a Chapter of its own started with no bank details and no card
// payments (the shared e2e server has both set up): its first account, the admin, is led to the
// club's page; until a way to pay is set, nobody is offered a payment.

const WAIT_MS = 15_000;

describe.each(modes)("setting up the club $name", ({ javaScript }) => {
  let server: { baseURL: string; child: ChildProcess };
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    server = await startServer(path.join(TMP, `e2e-club-${javaScript ? "js" : "html"}-data`), {
      BANK_ACCOUNT_NAME: "",
      BANK_NAME: "",
      BANK_IBAN: "",
      BANK_BIC: "",
      BANK_INSTRUCTIONS: "",
      STRIPE_SECRET_KEY: "",
      STRIPE_WEBHOOK_SECRET: "",
      CLUB_TIME_ZONE: "UTC",
      PAYMENT_CURRENCY: "USD",
    });
    browser = await launchBrowser();
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });

  afterAll(async () => {
    await browser?.close();
    if (server) await stopServer(server.child);
  });

  async function newPage() {
    const context = await browser.newContext({ baseURL: server.baseURL, javaScriptEnabled: javaScript, viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(WAIT_MS);
    context.setDefaultNavigationTimeout(WAIT_MS);
    contexts.push(context);
    return context.newPage();
  }

  async function hydrated(page: Page) {
    if (javaScript) await page.waitForFunction(() => window.history.scrollRestoration === "manual");
  }

  async function visit(page: Page, pathname: string) {
    const response = await page.goto(pathname);
    await hydrated(page);
    return response;
  }

  const at = (pathname: string) => (url: URL) => url.pathname === pathname;

  async function signUp(page: Page, name: string, landing: string) {
    await visit(page, "/signup");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("E-mail", { exact: true }).fill(uniqueEmail("club"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("I am").selectOption({ label: "Entrepreneur" });
    await page.getByRole("button", { name: "Create my account" }).click();
    await page.waitForURL(at(landing));
    await hydrated(page);
  }

  test("the first admin sets the club up; until there is a way to pay, no payment is offered", async () => {
    const admin = await newPage();
    await signUp(admin, "Ada Admin", "/user/admin/club");
    expect(await toast(admin, "Start by setting up your club")).toContain("Welcome to Chapter, Ada Admin!");
    await admin.getByRole("heading", { name: "The club" }).waitFor();

    // No bank details and no card payments: the admin is told what to set, with a link.
    await visit(admin, "/user/membership");
    const closed = admin.getByTestId("payments-closed");
    expect(await closed.textContent()).toContain("Payments are not open yet.");
    expect(await closed.getByRole("link", { name: "the club's page" }).getAttribute("href")).toBe("/user/admin/club");
    expect(await admin.getByRole("link", { name: "Choose" }).count()).toBe(0);
    // Each package says what it includes.
    const elite = admin.getByTestId("package").filter({ has: admin.getByRole("rowheader", { name: "Elite", exact: true }) });
    expect(await elite.textContent()).toContain("The club's events and trainings");

    // A member sees the same, without the admin's hint, even on the payment address itself.
    const member = await newPage();
    await signUp(member, "Mo Member", "/user");
    await visit(member, "/user/membership");
    expect(await member.getByTestId("payments-closed").textContent()).not.toContain("the club's page");
    await visit(member, "/user/membership/pay?package=elite");
    const dialog = member.getByRole("dialog", { name: "Membership payment" });
    expect(await dialog.textContent()).toContain("Payments are not open yet");
    expect(await dialog.getByRole("button", { name: /Pay/ }).count()).toBe(0);
    // The club's page is the admins' only.
    expect((await member.goto("/user/admin/club"))?.status()).toBe(404);

    // The admin: a bank without an account number is refused beside the field, then saved.
    await visit(admin, "/user/admin/club");
    const field = (label: string) => admin.getByLabel(label, { exact: true });
    await field("Bank").fill("Example Bank Nigeria");
    await admin.getByRole("button", { name: "Save the club's settings" }).click();
    expect(await fieldErrors(field("Account number or IBAN"))).toContain("Enter the account number or IBAN, or leave the bank details empty.");
    await hydrated(admin);
    await field("Club name").fill("Lagos Business Circle");
    await field("Time zone").selectOption("Africa/Lagos");
    await field("Currency").selectOption("NGN");
    await field("Account name").fill("Lagos Business Circle Ltd");
    await field("Account number or IBAN").fill("0123456789");
    await field("Elite").fill("The monthly breakfast\nOur members' directory");
    await admin.getByRole("button", { name: "Save the club's settings" }).click();
    await toast(admin, "The club's settings are saved.");
    expect(await field("Time zone").inputValue()).toBe("Africa/Lagos");
    expect(await field("Bank").inputValue()).toBe("Example Bank Nigeria");

    // The member can pay now, in the club's currency, to the club's account.
    await visit(member, "/user/membership");
    expect(await member.getByTestId("payments-closed").count()).toBe(0);
    const row = member.getByTestId("package").filter({ has: member.getByRole("rowheader", { name: "Elite", exact: true }) });
    expect(await row.textContent()).toContain("The monthly breakfast");
    expect(await row.textContent()).toMatch(/NGN|₦/);
    await row.getByRole("link", { name: "Choose" }).click();
    const pay = member.getByRole("dialog", { name: "Membership payment" });
    await pay.waitFor();
    await hydrated(member);
    await pay.getByLabel(/Monthly Membership/).check();
    await pay.getByRole("button", { name: /Pay/ }).click();
    await member.waitForURL((url) => url.pathname.startsWith("/user/payments/CH-"));
    expect(await member.locator("main").textContent()).toContain("0123456789");

    // New events start in the club's zone, their amounts in its currency.
    await visit(member, "/user/events/create");
    const event = member.getByRole("dialog", { name: "Create an event" });
    expect(await event.getByLabel("Time zone", { exact: true }).inputValue()).toBe("Africa/Lagos");
    await event.getByLabel("General ticket amount (NGN)", { exact: true }).waitFor();
  });
});
