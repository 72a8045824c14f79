import { describe, expect, test } from "vitest";
import { hydrated, signUp, uniqueEmail, useBrowser, visit } from "./browser";

// A dialog opens after one round trip: its code is fetched as soon as the member reaches for
// the button that opens it (app/ui/preload-on-intent.ts), not once the navigation has started
// and then import by import, and only the dialog's own data is asked for.
const browser = useBrowser();

const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname);

describe("a dialog's code is on its way when the finger goes down", () => {
  test("the route's module and every module it imports, before the tap ends", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Ines Intent", email: uniqueEmail("intent") });
    await visit(page, "/user/contacts");
    await hydrated(page);
    // Remix learns of the routes the page links to shortly after it has loaded.
    await page.waitForFunction(() => "routes/user.contacts.add" in (window as unknown as { __remixManifest: { routes: object } }).__remixManifest.routes);
    const expected = await page.evaluate(() => {
      const route = (window as unknown as { __remixManifest: { routes: Record<string, { module: string; imports?: string[] }> } }).__remixManifest.routes[
        "routes/user.contacts.add"
      ];
      return route ? [route.module, ...(route.imports ?? [])] : null;
    });
    expect(expected).not.toBeNull();
    const before = await page.evaluate(preloads);
    expect(before).not.toContain(expected![0]);

    await page.getByRole("link", { name: "Add a contact" }).dispatchEvent("pointerdown");
    const after = await page.evaluate(preloads);
    for (const href of expected!) expect(after).toContain(href);

    // Once the tap ends the dialog opens as before.
    await page.getByRole("link", { name: "Add a contact" }).click();
    await page.getByRole("dialog", { name: "Add a contact" }).getByLabel("Name").waitFor();
  });

  test("focus by keyboard preloads too; a link to another site does nothing", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Kai Keys", email: uniqueEmail("keys") });
    await visit(page, "/user/timeline");
    await hydrated(page);
    await page.waitForFunction(() => "routes/user.timeline.post.new" in (window as unknown as { __remixManifest: { routes: object } }).__remixManifest.routes);
    await page.getByRole("link", { name: "Write a post" }).focus();
    const after = await page.evaluate(preloads);
    expect(after.some((href) => href.includes("user.timeline.post.new"))).toBe(true);
    const count = after.length;
    await page.evaluate(() => {
      const away = document.createElement("a");
      away.href = "https://example.org/elsewhere";
      away.textContent = "Elsewhere";
      document.body.append(away);
      away.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true }));
    });
    expect((await page.evaluate(preloads)).length).toBe(count);
  });
});

describe("opening a dialog reads only what the dialog needs", () => {
  test("Add task over this month's calendar leaves the month as it is", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Mo Month", email: uniqueEmail("month") });
    await visit(page, "/user/calendar");
    await hydrated(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      const data = new URL(request.url()).searchParams.get("_data");
      if (data) asked.push(data);
    });
    await page.getByRole("link", { name: "Add task", exact: true }).click();
    await page.getByRole("dialog", { name: "Add task" }).getByLabel("Title").waitFor();
    expect(asked).toContain("routes/user.calendar.new");
    expect(asked).not.toContain("routes/user.calendar");
    expect(asked).not.toContain("root");
  });
});
