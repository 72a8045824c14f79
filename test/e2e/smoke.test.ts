import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { launchBrowser, modes, newContext, signUp, uniqueEmail } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(modes)("sign up $name", ({ javaScript }) => {
  test("a new member lands on their home page with a welcome", async () => {
    const context = await newContext(browser, { javaScript });
    const page = await context.newPage();
    await signUp(page, { name: "Smoke Tester", email: uniqueEmail() });
    await page.getByRole("heading", { name: "Welcome, Smoke Tester" }).waitFor();
    expect(await page.getByTestId("toast").textContent()).toContain("Welcome to Chapter, Smoke Tester!");
    await context.close();
  });
});
