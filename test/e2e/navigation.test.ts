import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, followMemberMenu, followNav, modes, openMemberMenu, signUp, uniqueEmail, useBrowser } from "./browser";

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
