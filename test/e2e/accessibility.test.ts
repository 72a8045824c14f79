import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, hydrated, modes, openMemberMenu, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

// Two of Lighthouse's accessibility audits (npm run lighthouse) that the member pages once
// failed, checked on a phone-sized window (the browser helper's 390 px): every link has a name,
// and headings go down one level at a time.
const browser = useBrowser();

/** The heading levels of the page, in document order. */
function headingLevels(page: Page) {
  return page.locator("h1, h2, h3, h4, h5, h6").evaluateAll((headings) => headings.map((heading) => Number(heading.tagName.slice(1))));
}

describe.each(modes)("accessibility $name", ({ javaScript }) => {
  test("on a phone the header's member menu is named; a post's comments heading follows its own", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Ada Access", email: uniqueEmail("a11y") });
    // Only the avatar shows at this width; the member's menu is still named after them, and
    // holds the link to their page.
    const memberMenu = page.locator("header.app-header details.member-menu > summary");
    expect(await memberMenu.textContent()).toContain("Ada Access");
    expect((await memberMenu.getByText("Ada Access").boundingBox())?.width).toBeLessThanOrEqual(1);
    await openMemberMenu(page);
    expect(await page.getByRole("banner").getByRole("link", { name: "Your page" }).getAttribute("href")).toMatch(/^\/user\/members\/\d+$/);

    await visit(page, "/user/timeline/post/new");
    await hydrated(page);
    await page
      .getByRole("dialog", { name: "Write a post" })
      .getByLabel("Message")
      .fill(`Headings in order (${uniqueEmail("post")})`);
    await page.getByRole("dialog", { name: "Write a post" }).getByRole("button", { name: "Post", exact: true }).click();
    await page.waitForURL(atPath("/user/timeline"));
    expect(await toast(page, "shared")).toContain("Post shared.");

    await page.getByRole("heading", { name: "Ada Access", level: 2 }).first().waitFor();
    const levels = await headingLevels(page);
    expect(levels[0]).toBe(1);
    expect(levels).toContain(3);
    for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i + 1} of ${levels.join(",")}`).toBeLessThanOrEqual(1);
  });
});
