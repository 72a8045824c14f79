import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addContact, signUp, uniqueEmail, useBrowser, visit } from "./browser";
import { useServerData } from "./tour-data";

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

    const email = uniqueEmail("hydrate");
    await signUp(page, { name: "Hye-jin Hydrate 🌿", email });
    await addContact(page, "Zoë Ørsted 李");
    await visit(page, "/user/timeline/post/new");
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    await dialog.getByLabel("Message").fill("Café ☕ with 李 — 👋");
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    await page.getByText("Post shared.").waitFor();
    // A daily series around today, straight into the server's database: the calendar's page is
    // kept per state of the calendar, its agenda and today's tasks as HTML (page.server.ts).
    useServerData();
    const { memberIdByEmail } = await import("~/features/members/members.server");
    const { createTask } = await import("~/features/calendar/calendar.server");
    const { taskFields } = await import("../calendar-fixtures");
    const today = new Date().toISOString().slice(0, 10);
    const start = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    await createTask((await memberIdByEmail(email))!, taskFields({ title: "Stand-up ☕ 李", start_date: start, occurrence_count: 7 }), "UTC");

    // Twice: the second time the header, the cards and the posts are the HTML the server kept
    // from the first (ui/render-cache.tsx), which must hydrate just the same.
    for (const round of [1, 2]) {
      for (const path of [
        "/user/calendar",
        `/user/calendar?view=week&date=${today}`,
        "/user",
        "/user/timeline",
        "/user/timeline/post/new",
        "/user/contacts",
        "/user/contacts?q=zo%C3%AB",
        "/user/contacts?important=1",
      ]) {
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
