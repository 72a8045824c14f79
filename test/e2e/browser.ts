import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";

export const baseURL = inject("baseURL");
/** The install's admin, signed up by global-server.ts before any test file runs. */
export const admin = inject("admin");
export const PASSWORD = "correct horse battery";

/** How long a wait may take before the test fails (the test itself has 60 s). */
const WAIT_MS = 15_000;

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

const javaScriptOf = new WeakMap<BrowserContext, boolean>();

/** A fresh browser profile (no cookies) with JavaScript on or off; `touch`: a phone's touch
 * screen (a coarse pointer, no hover); `baseURL`: another server than the shared one. */
export async function newContext(
  browser: Browser,
  { javaScript, touch = false, baseURL: url = baseURL }: { javaScript: boolean; touch?: boolean; baseURL?: string },
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: url,
    javaScriptEnabled: javaScript,
    viewport: { width: 390, height: 844 },
    hasTouch: touch,
    isMobile: touch,
  });
  context.setDefaultTimeout(WAIT_MS);
  context.setDefaultNavigationTimeout(WAIT_MS);
  javaScriptOf.set(context, javaScript);
  return context;
}

/**
 * One browser for the test file, and the contexts a test opens, closed after it whether it
 * passed or not. Call at the top level of a test file.
 */
export function useBrowser() {
  let browser: Browser;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  async function openContext(options: { javaScript: boolean; touch?: boolean; baseURL?: string }) {
    const context = await newContext(browser, options);
    open.push(context);
    return context;
  }
  return {
    newContext: openContext,
    /** A page in a context of its own: another device, as far as the app can tell. */
    async newPage(options: { javaScript: boolean; touch?: boolean }) {
      return (await openContext(options)).newPage();
    },
    /** A new member signed up with JavaScript in a context of its own (for tests that slow
     * or watch that context's network), on their home page. */
    async signedUp(name: string, emailPrefix: string) {
      const context = await openContext({ javaScript: true });
      const page = await context.newPage();
      await signUp(page, { name, email: uniqueEmail(emailPrefix) });
      return { context, page };
    },
  };
}

export const modes = [
  { name: "with JavaScript", javaScript: true },
  { name: "without JavaScript", javaScript: false },
] as const;

let counter = 0;
export function uniqueEmail(prefix = "member") {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/**
 * With JavaScript on, waits until React has hydrated the page, so that clicks and changes go
 * through the app's handlers and not the browser's defaults. The signal is the effect of
 * <ScrollRestoration/> in the root document, which runs with the first commit's other effects
 * (dialogs' showModal among them). Without JavaScript there is nothing to wait for.
 */
export async function hydrated(page: Page) {
  if (!javaScriptOf.get(page.context())) return;
  await page.waitForFunction(() => window.history.scrollRestoration === "manual");
}

/** Shows another year on a yearly page (app/ui/year-selector.tsx): the choice submits itself
 * with JavaScript and by its Show button without; the year lands in the address. */
export async function chooseYear(page: Page, year: number) {
  await page.getByLabel("Year", { exact: true }).selectOption(String(year));
  if (!javaScriptOf.get(page.context())) await page.getByRole("button", { name: "Show", exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get("year") === String(year));
}

/** Loads a page (a new document) and waits for it to hydrate. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

/**
 * Loads a page as a slow connection would: the server's HTML arrives and can be used, while its
 * JavaScript (Remix's /build/ files) is held back until the returned function lets it through
 * and the page has hydrated.
 */
export async function visitBeforeScripts(page: Page, path: string) {
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  const scripts = (url: URL) => url.pathname.startsWith("/build/") && url.pathname.endsWith(".js");
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path, { waitUntil: "commit" });
  return async () => {
    letThrough();
    await hydrated(page);
    await page.unroute(scripts);
  };
}

/** For page.waitForURL: the path matches exactly, whatever the query. */
export function atPath(pathname: string) {
  return (url: URL) => url.pathname === pathname;
}

/** The route path a request went to: with JS, Remix's single fetch asks for `<path>.data`. */
export function routePath(url: string | URL) {
  return new URL(url).pathname.replace(/\.data$/, "");
}

/** Signs up through the form and lands on the member's home page. */
export async function signUp(
  page: Page,
  { name, email, password = PASSWORD, memberType = "Entrepreneur" }: { name: string; email: string; password?: string; memberType?: string },
) {
  await visit(page, "/signup");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("I am").selectOption({ label: memberType });
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL(atPath("/user"));
}

/** Fills and sends the sign-in form on the current page (or on /signin); does not wait for
 * the outcome. */
export async function submitSignIn(page: Page, { email, password = PASSWORD }: { email: string; password?: string }) {
  if (new URL(page.url(), baseURL).pathname !== "/signin") await visit(page, "/signin");
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

/** Opens /signin and sends the form; does not wait for the outcome. */
export async function signIn(page: Page, credentials: { email: string; password?: string }) {
  await visit(page, "/signin");
  await submitSignIn(page, credentials);
}

/** Signs in and waits for the member's home page. */
export async function signInHome(page: Page, credentials: { email: string; password?: string }) {
  await signIn(page, credentials);
  await page.waitForURL(atPath("/user"));
  await hydrated(page);
}

/** Follows a link of the main navigation, opening the menu that holds it (on a phone the one
 * "Menu", on a wide screen the link's group). */
export async function followNav(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const link = nav.getByRole("link", { name, exact: true });
  if (!(await link.isVisible())) {
    const menus = nav.locator("details").filter({ has: page.locator("a", { hasText: name }) });
    await menus.locator(":scope > summary:visible").first().click();
  }
  await link.click();
}

/** Follows a link of the member's menu (the avatar at the header's end). */
export async function followMemberMenu(page: Page, name: string) {
  await openMemberMenu(page);
  await page.getByRole("banner").getByRole("link", { name, exact: true }).click();
}

export async function openMemberMenu(page: Page) {
  const menu = page.locator("header.app-header details.member-menu");
  if ((await menu.getAttribute("open")) === null) await menu.locator(":scope > summary").click();
}

/** The member's menu's "Sign out" button; lands on the start page. */
export async function signOut(page: Page) {
  await openMemberMenu(page);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.waitForURL(atPath("/"));
}

/** Waits for the notification that contains `text` and returns all of its text. */
export async function toast(page: Page, text: string) {
  const notification = page.getByTestId("toast").filter({ hasText: text });
  await notification.waitFor();
  return (await notification.textContent()) ?? "";
}

/** With JS the last notification floats over the bottom of the page for a few seconds, over
 * whatever is there; dismiss it before clicking below. (It may already be gone.) */
export async function dismissToast(page: Page) {
  const dismiss = page.getByTestId("toast").getByRole("button", { name: "Dismiss" });
  if ((await dismiss.count()) > 0)
    await dismiss
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

/** What an upload or a deletion answered: with JS the line under the control in `where`,
 * without JS the next page's notification. */
export async function outcome(page: Page, where: Locator, text: string, javaScript: boolean) {
  if (!javaScript) return toast(page, text);
  const line = where.locator('[role="status"], [role="alert"]').filter({ hasText: text });
  await line.waitFor();
  return (await line.textContent()) ?? "";
}

/** Opens the dialog `name` from its link, fills `title` and what `fill` adds, submits it with
 * the button of the same name and returns the notification about `title`, dismissed. */
export async function addInDialog(page: Page, name: string, title: string, fill: (dialog: Locator) => Promise<unknown>) {
  await page.getByRole("link", { name }).first().click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  await hydrated(page);
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await fill(dialog);
  await dialog.getByRole("button", { name }).click();
  const said = await toast(page, title);
  await dismissToast(page);
  return said;
}

/** Answers "Yes, delete" in the Confirm! dialog once it says `message`; then, when given,
 * waits to be back at `backTo`. */
export async function confirmDeletion(page: Page, message: string, backTo?: string) {
  const confirm = page.getByRole("dialog", { name: "Confirm!" });
  await confirm.waitFor();
  await hydrated(page);
  expect(await confirm.textContent()).toContain(message);
  await confirm.getByRole("button", { name: "Yes, delete" }).click();
  if (backTo) await page.waitForURL(atPath(backTo));
}

/** Adds a contact (a name only) through the form; returns its id (the profile's cicid). */
export async function addContact(page: Page, name: string) {
  await visit(page, "/user/contacts/add");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Add contact" }).click();
  await page.waitForURL(atPath("/user/profile"));
  await hydrated(page);
  return Number(new URL(page.url()).searchParams.get("cicid"));
}

/** The message shown for the whole form (role="alert" inside the form). */
export async function formError(page: Page, text: string) {
  const alert = page.locator("form").getByRole("alert").filter({ hasText: text });
  await alert.waitFor();
  return (await alert.textContent()) ?? "";
}

/** The errors a field points at with aria-describedby, once it is marked aria-invalid. */
export async function fieldErrors(field: Locator) {
  await field.and(field.page().locator('[aria-invalid="true"]')).waitFor();
  const ids = (await field.getAttribute("aria-describedby"))?.split(" ") ?? [];
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(" ");
}

/** The value next to a <dt> label in a details list. */
export function detail(page: Page, term: string) {
  return page.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
}

/** Asks for a password reset link in the forgot-password dialog (signed out). */
export async function requestResetLink(page: Page, email: string) {
  await visit(page, "/signin");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL(atPath("/signin/forgot-password"));
  const dialog = page.getByRole("dialog", { name: "Forgot your password?" });
  await dialog.waitFor();
  await hydrated(page);
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Send the link" }).click();
  await page.waitForURL(atPath("/signin"));
}

/** As the admin (signed in on `page`), opens the newest outbox mail to `to` with this
 * subject and returns the dialog showing it. */
export async function openOutboxMail(page: Page, { to, subject }: { to: string; subject: string }) {
  await visit(page, "/user/admin/outbox");
  const row = page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject }).first();
  await row.getByRole("link", { name: subject }).click();
  const dialog = page.getByRole("dialog", { name: subject });
  await dialog.waitFor();
  await hydrated(page);
  return dialog;
}

/** The first http(s) link in a mail's text. */
export async function linkInMail(dialog: Locator) {
  const text = (await dialog.getByTestId("mail-text").textContent()) ?? "";
  const link = /https?:\/\/\S+/.exec(text)?.[0];
  if (!link) throw new Error(`No link in the mail:\n${text}`);
  return link;
}

export function tempProfileDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "chapter-chromium-"));
}
