import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const baseURL = inject("baseURL");

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

/** A fresh browser profile (no cookies) with JavaScript on or off. */
export async function newContext(browser: Browser, { javaScript }: { javaScript: boolean }): Promise<BrowserContext> {
  return browser.newContext({ baseURL, javaScriptEnabled: javaScript, viewport: { width: 390, height: 844 } });
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

/** Signs up through the form and lands on the member's home page. */
export async function signUp(
  page: Page,
  { name, email, password = "correct horse battery", memberType = "Entrepreneur" }: { name: string; email: string; password?: string; memberType?: string },
) {
  await page.goto("/signup");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("I am").selectOption({ label: memberType });
  await page.getByRole("button", { name: "Create my account" }).click();
  await page.waitForURL("**/user");
}

export async function signIn(page: Page, { email, password = "correct horse battery" }: { email: string; password?: string }) {
  await page.goto("/signin");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export function tempProfileDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "chapter-chromium-"));
}
