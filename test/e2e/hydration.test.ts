import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addContact, signUp, uniqueEmail, useBrowser, visit } from "./browser";

// The pages whose loaders hand their data over as it is (pageData, app/lib/page-data.server.ts)
// are rendered on the server from that value and hydrated in the browser from its JSON: any
// difference is a hydration error, which React reports on the console. The test server also
// runs pageData's own check (CHECK_PAGE_DATA=1), which answers 500 instead.

const browser = useBrowser();

/** Console errors and uncaught exceptions of `page` from now on. */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

describe("pages with their loaders' data as it is", () => {
  test("hydrate without an error, signed out and signed in, with data on them", async () => {
    const page = await browser.newPage({ javaScript: true });
    const errors = errorsOf(page);
    expect((await visit(page, "/signin"))?.status()).toBe(200);

    await signUp(page, { name: "Hye-jin Hydrate 🌿", email: uniqueEmail("hydrate") });
    await addContact(page, "Zoë Ørsted 李");
    await visit(page, "/user/timeline/post/new");
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    await dialog.getByLabel("Message").fill("Café ☕ with 李 — 👋");
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByText("Post shared.").waitFor();

    // Twice: the second time the header, the cards and the posts are the HTML the server kept
    // from the first (ui/render-cache.tsx), which must hydrate just the same.
    for (const round of [1, 2]) {
      for (const path of ["/user", "/user/timeline", "/user/timeline/post/new", "/user/contacts", "/user/contacts?q=zo%C3%AB", "/user/contacts?important=1"]) {
        const response = await visit(page, path);
        expect(response?.status(), `${path}, visit ${round}`).toBe(200);
      }
    }
    await page
      .getByText("No contacts found")
      .or(page.getByText("Nothing matches"))
      .or(page.getByRole("heading", { name: /contacts? found/ }))
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });
});
