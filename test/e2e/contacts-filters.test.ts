import { describe, expect, test } from "vitest";
import { modes, signUp, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

describe.each(modes)("the contact list's sort and filters $name", ({ javaScript }) => {
  test("fold away on a phone unless one is in use, and stay open on a wide screen", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Fiona Filters", email: uniqueEmail("filters") });
    const important = page.getByLabel("Important only");

    await visit(page, "/user/contacts");
    expect(await important.isVisible()).toBe(false);
    await page.getByText("Sort and filter", { exact: true }).click();
    await important.waitFor({ state: "visible" });

    await visit(page, "/user/contacts?important=1");
    expect(await important.isVisible()).toBe(true);
    expect(await important.isChecked()).toBe(true);
    await page.getByText("Sort and filter (on)", { exact: true }).waitFor();
    // Switched off: with JS the results change under the open form; without, the page reloads
    // folded.
    await important.uncheck();
    if (!javaScript) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.pathname === "/user/contacts" && url.searchParams.get("important") === null);
    await page.getByText("Sort and filter", { exact: true }).waitFor();
    expect(await important.isVisible()).toBe(javaScript);

    await page.setViewportSize({ width: 1200, height: 900 });
    await visit(page, "/user/contacts");
    expect(await important.isVisible()).toBe(true);
    expect(await page.getByText("Sort and filter", { exact: true }).isVisible()).toBe(false);
  });
});
