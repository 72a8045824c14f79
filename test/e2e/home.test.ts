import { describe, expect, test } from "vitest";
import { atPath, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

describe.each(modes)("home $name", ({ javaScript }) => {
  test("the home page leads to the member's page, the timeline and contacts; a new post shows up on it", async () => {
    const page = await browser.newPage({ javaScript });
    // Posts are public and the e2e server is shared: each run writes its own words.
    const message = `Hello from the home page (${uniqueEmail("post")})`;
    await signUp(page, { name: "Hana Home", email: uniqueEmail("home") });
    await page.getByRole("heading", { name: "Welcome, Hana Home" }).waitFor();
    for (const name of ["Coming up", "Latest from your timeline", "Your contacts"]) await page.getByRole("heading", { name }).waitFor();
    expect(await page.getByRole("heading", { name: "For you" }).count()).toBe(0);
    await page.getByRole("link", { name: "0 contacts" }).waitFor();
    await page.getByRole("link", { name: "All events" }).waitFor();
    // A new member's details are incomplete: shown, with what to fill in.
    expect(await page.getByText("Occupation or position", { exact: true }).isVisible()).toBe(true);
    await page.getByText("Members find you by these details: the more you fill in, the better.").waitFor();

    await page.getByRole("link", { name: "Your page" }).click();
    await page.waitForURL((url) => /^\/user\/members\/\d+$/.test(url.pathname));
    await page.getByRole("heading", { name: "Hana Home" }).first().waitFor();

    await visit(page, "/user");
    await page.getByRole("link", { name: "Write a post" }).click();
    await page.waitForURL(atPath("/user/timeline/post/new"));
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    await dialog.getByLabel("Message").fill(message);
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    await page.waitForURL(atPath("/user/timeline"));
    expect(await toast(page, "shared")).toContain("Post shared.");

    await visit(page, "/user");
    const latest = page.getByRole("region", { name: "Latest from your timeline" });
    await latest.getByText(message).waitFor();
    await page.getByRole("region", { name: "Your contacts" }).getByRole("link", { name: "Add a contact" }).click();
    await page.waitForURL(atPath("/user/contacts/add"));
  });
});

describe.each(modes)("home on a laptop $name", ({ javaScript }) => {
  test("with no cover picture yet, the cover band is a thin stripe, not a third of the page's width", async () => {
    const page = await browser.newPage({ javaScript });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUp(page, { name: "Carl Cover", email: uniqueEmail("cover") });
    await page.getByRole("heading", { name: "Welcome, Carl Cover" }).waitFor();
    const bandHeight = async () => (await page.locator(".profile-hero .profile-cover").boundingBox())?.height ?? Infinity;
    await expect.poll(bandHeight).toBeLessThanOrEqual(100);
    // The member's own page too.
    await page.getByRole("link", { name: "Your page" }).click();
    await page.waitForURL((url) => /^\/user\/members\/\d+$/.test(url.pathname));
    await expect.poll(bandHeight).toBeLessThanOrEqual(100);
  });
});
