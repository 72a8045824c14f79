import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addContact, atPath, followMemberMenu, followNav, hydrated, modes, openMemberMenu, signUp, uniqueEmail, useBrowser, visit } from "./browser";

// The header is one row at a phone's and a laptop's width, holds every area through its
// menus (which open without JavaScript), marks the current page, and keeps notifications and
// sign-out in the member's menu.
const browser = useBrowser();

/** The header's height and the number of rows its visible parts sit on. */
function headerRows(page: Page) {
  return page.locator("header.app-header").evaluate((header) => {
    const tops = new Set<number>();
    for (const part of header.querySelectorAll(":scope > .brand, .main-nav summary, .nav-groups > li, .member-menu > summary")) {
      const box = part.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) tops.add(Math.round(box.top + box.height / 2));
    }
    return { height: header.getBoundingClientRect().height, rows: new Set([...tops].map((middle) => Math.round(middle / 20))).size };
  });
}

describe.each(modes)("the navigation $name", ({ javaScript }) => {
  test("one row on a phone and on a laptop; every area reached through its menu; the current page marked", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Nadia Navigator", email: uniqueEmail("nav") });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const { height, rows } = await headerRows(page);
      expect(rows, `rows of the header at ${width} px`).toBe(1);
      expect(height, `height of the header at ${width} px`).toBeLessThanOrEqual(64);
    }

    // On a phone: the one Menu holds the groups.
    await page.setViewportSize({ width: 390, height: 800 });
    await followNav(page, "Contacts");
    await page.waitForURL(atPath("/user/contacts"));
    const nav = page.getByRole("navigation", { name: "Main" });
    // With JavaScript the address changes as the new page renders, so wait for the mark.
    const current = nav.locator('a[aria-current="page"]');
    await current.filter({ hasText: "Contacts" }).first().waitFor({ state: "attached" });
    expect(new Set(await current.evaluateAll((links) => links.map((link) => link.textContent)))).toEqual(new Set(["Contacts"]));

    // On a laptop: a menu per group, the group of the current page marked.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await nav.locator("summary.nav-current").textContent()).toBe("Network");
    await followNav(page, "Wish list");
    await page.waitForURL(atPath("/user/wish-list"));
    await nav.locator("summary.nav-current", { hasText: "Plan" }).waitFor();
    expect(await nav.locator("summary.nav-current").count()).toBe(1);

    // The member's menu: notifications, and sign out.
    await followMemberMenu(page, "Notifications");
    await page.waitForURL(atPath("/user/notifications"));
    // With JavaScript the menu closes once the new page has rendered: open it after that.
    await page.locator("header.app-header details.member-menu:not([open])").waitFor({ state: "attached" });
    await openMemberMenu(page);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await page.waitForURL(atPath("/"));
  });
});

// Remix asks the server for the routes of the links on a page (lazy route discovery) in one
// request whose address holds every link's path, and asks for none when that address would
// pass 7,680 characters: a full page of contacts (24 cards, 9 addresses each) did, and every
// click from it, the header's too, waited for its own request first (patches/@remix-run+react).
describe("the links of a full page of contacts with JavaScript", () => {
  test("are discovered ahead, in requests that fit: a card's link opens with no request for its route", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Lena Links", email: uniqueEmail("links") });
    await visit(page, "/user/contacts");
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    for (let n = 1; n <= 24; n++) {
      const saved = await page.request.post("/user/contacts/save_changes", {
        form: { csrf, name: `Linked ${String(n).padStart(2, "0")}` },
        headers: { Accept: "application/json" },
      });
      expect(saved.status()).toBe(200);
    }

    const asked: string[] = [];
    const answered: Promise<unknown>[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname !== "/__manifest") return;
      asked.push(request.url());
      answered.push(request.response());
    });
    await visit(page, "/user/contacts");
    // The More menus are closed: their links are in the page, not shown.
    const tickets = await page
      .getByTestId("contact-card")
      .locator("a", { hasText: "Send ticket" })
      .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname));
    expect(tickets).toHaveLength(24);
    await expect.poll(() => asked.length).toBeGreaterThan(1);
    await Promise.all(answered);
    for (const url of asked) expect(url.length).toBeLessThanOrEqual(7_680);
    const discovered = new Set(asked.flatMap((url) => new URL(url).searchParams.getAll("p")));
    for (const path of [...tickets, "/user/timeline", "/user/wish-list"]) expect(discovered, path).toContain(path);

    asked.length = 0;
    const last = page.getByTestId("contact-card").last();
    await last.locator("summary", { hasText: "More" }).click();
    await last.getByRole("link", { name: "Send ticket" }).click();
    await page.getByRole("dialog", { name: /ticket/i }).waitFor();
    await hydrated(page);
    expect(asked).toEqual([]);
  });
});

describe("a search typed with JavaScript", () => {
  test("asks for the list's data alone at each step; another page reads the header's counts again", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Quinn Query", email: uniqueEmail("query") });
    await addContact(page, "Ana Querida");
    await addContact(page, "Bo Other");
    await visit(page, "/user/contacts");
    await hydrated(page);
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("_data")) asked.push(`${url.pathname} ${url.searchParams.get("_data")}`);
    });

    // Each letter, typed slower than the search form waits, is a search of its own.
    await page.getByRole("searchbox", { name: "Search contacts", exact: true }).pressSequentially("ana", { delay: 600 });
    await page.waitForURL((url) => url.searchParams.get("q") === "ana");
    await expect.poll(() => page.getByTestId("contact-card").count()).toBe(1);
    await page.waitForTimeout(500);
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(new Set(asked)).toEqual(new Set(["/user/contacts routes/user.contacts"]));

    // A dialog opened over the found contacts asks for its own data alone, and the list behind it
    // stays the found one; closed, it asks for nothing.
    asked.length = 0;
    await page.getByRole("link", { name: "Invite Ana Querida to Chapter" }).click();
    await page.getByRole("dialog").waitFor();
    await page.waitForTimeout(500);
    expect(asked).toEqual([expect.stringMatching(/^\/user\/contacts\/\d+\/invite routes\/user\.contacts\.\$contactId\.invite$/)]);
    expect(await page.getByTestId("contact-card").count()).toBe(1);
    asked.length = 0;
    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    await page.waitForURL((url) => url.pathname === "/user/contacts" && url.searchParams.get("q") === "ana");
    await page.waitForTimeout(500);
    expect(asked).toEqual([]);
    expect(await page.getByTestId("contact-card").count()).toBe(1);

    // Moving to another page reads the counts (routes/user) as before.
    asked.length = 0;
    await followNav(page, "Timeline");
    await page.waitForURL(atPath("/user/timeline"));
    await expect.poll(() => asked).toContain("/user/timeline routes/user");
  });
});

describe("a dialog opened from a page's button with JavaScript", () => {
  test("asks for its own data alone, the header's counts staying as they are; closed, it asks for nothing", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Dana Dialog", email: uniqueEmail("dialog-data") });
    const asked: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.searchParams.has("_data")) asked.push(`${url.pathname} ${url.searchParams.get("_data")}`);
    });
    for (const { at, button, data } of [
      { at: "/user/timeline", button: "Write a post", data: "/user/timeline/post/new routes/user.timeline.post.new" },
      { at: "/user/contacts", button: "Add a contact", data: "/user/contacts/add routes/user.contacts.add" },
      { at: "/user/calendar", button: "Add task", data: "/user/calendar/new routes/user.calendar.new" },
    ]) {
      await visit(page, at);
      await hydrated(page);
      asked.length = 0;
      await page.getByRole("link", { name: button, exact: true }).first().click();
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(300);
      expect(asked, button).toEqual([data]);
      asked.length = 0;
      await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
      await page.waitForURL(atPath(at));
      await page.getByRole("dialog").waitFor({ state: "detached" });
      await page.waitForTimeout(300);
      expect(asked, `${button} closed`).toEqual([]);
    }
  });
});

describe("a dialog over a found list without JavaScript", () => {
  test("shows the found contacts behind it, as the member left them", async () => {
    const page = await browser.newPage({ javaScript: false });
    await signUp(page, { name: "Nell Noscript", email: uniqueEmail("noscript-list") });
    const id = await addContact(page, "Ana Querida");
    await addContact(page, "Bo Other");
    await visit(page, `/user/contacts/${id}/invite?back=${encodeURIComponent("/user/contacts?q=ana")}`);
    await page.getByRole("dialog").waitFor();
    expect(await page.getByTestId("contact-card").count()).toBe(1);
    expect(await page.getByRole("heading", { name: "1 contact found" }).count()).toBe(1);
    await visit(page, `/user/contacts/${id}/invite`);
    expect(await page.getByTestId("contact-card").count()).toBe(2);
  });
});
