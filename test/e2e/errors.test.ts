import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, hydrated, modes, signUp, uniqueEmail, useBrowser, visit } from "./browser";

// An error shows where it happened: a dialog's 404 inside the dialog, with the page behind it
// as it was; a failing area page inside the member area's shell, navigation and all.

const browser = useBrowser();
const NOT_YOURS = "There is nothing here, or it is not yours to see.";

/** Adds a contact through the add dialog; its id, from the profile it lands on. */
async function addContact(page: Page, name: string) {
  await visit(page, "/user/contacts/add");
  await page.getByRole("dialog", { name: "Add a contact" }).getByLabel("Name", { exact: true }).fill(name);
  await page.getByRole("button", { name: "Add contact" }).click();
  await page.waitForURL(atPath("/user/profile"));
  return Number(new URL(page.url()).searchParams.get("cicid"));
}

async function member(javaScript: boolean, name: string) {
  const page = await browser.newPage({ javaScript });
  await signUp(page, { name, email: uniqueEmail("errors") });
  return page;
}

const contactNames = (page: Page) => page.getByTestId("contact-card").locator(".contact-name").allTextContents();
const heading = (page: Page) => page.locator("main h1").first().textContent();

/** Remembers an element of the page, to tell later whether React kept it or drew it again. */
async function mark(page: Page, selector: string, as: string) {
  await page.evaluate(([selector, as]) => ((window as never as Record<string, Element | null>)[as] = document.querySelector(selector)), [selector, as]);
}
const stillThere = (page: Page, as: string) => page.evaluate((as) => Boolean((window as never as Record<string, Element | null>)[as]?.isConnected), as);

describe.each(modes)("errors stay where they happen $name", ({ javaScript }) => {
  test("another member's contact opens as Not found inside the dialog, over the member's own list", async () => {
    const owner = await member(javaScript, "Olga Owner");
    const theirs = await addContact(owner, "Olga's Contact");
    const page = await member(javaScript, "Ivan Intruder");
    await addContact(page, "Ivan's Contact");

    const response = await visit(page, `/user/contacts/edit/${theirs}`);
    expect(response?.status()).toBe(404);
    const dialog = page.getByRole("dialog", { name: "Not found" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(NOT_YOURS);
    expect(await page.locator("body").textContent()).not.toContain("Olga's Contact");
    expect(await heading(page)).toBe("Contacts");
    expect(await contactNames(page)).toEqual(["Ivan's Contact"]);

    await dialog.getByRole("link", { name: "Close" }).click();
    await page.waitForURL(atPath("/user/contacts"));
    await dialog.waitFor({ state: "detached" });
    expect(await contactNames(page)).toEqual(["Ivan's Contact"]);
  });

  test("a missing event opens as Not found inside the edit dialog, over the events list", async () => {
    const page = await member(javaScript, "Eve Events");
    const response = await visit(page, "/user/events/edit/999999999");
    expect(response?.status()).toBe(404);
    const dialog = page.getByRole("dialog", { name: "Not found" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(NOT_YOURS);
    expect(await heading(page)).toBe("Events");
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events", includeHidden: true }).count()).toBeGreaterThan(0);
  });

  test("a missing area page keeps the member area's navigation", async () => {
    const page = await member(javaScript, "Nora Nav");
    const response = await visit(page, "/user/profile?cicid=999999999");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    expect(await nav.getByRole("link", { name: "Contacts", includeHidden: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole("button", { name: "Sign out", includeHidden: true }).count()).toBe(1);
  });
});

describe("errors stay where they happen with JavaScript, without a reload", () => {
  test("a contact deleted meanwhile: its dialog shows Not found over the list as it was, its profile inside the shell", async () => {
    const { context, page } = await browser.signedUp("Stale Steve", "stale");
    const gone = await addContact(page, "Soon Gone");
    await visit(page, "/user/contacts");
    await mark(page, "[data-testid=contact-card]", "listedCard");
    await mark(page, "nav[aria-label=Main]", "mainNav");

    // Deleted in another tab, while this one still lists it.
    const other = await context.newPage();
    await visit(other, `/user/contacts/${gone}/delete`);
    await other.getByRole("button", { name: "Yes, delete" }).click();
    await other.waitForURL(atPath("/user/contacts"));

    const card = page.getByTestId("contact-card").filter({ hasText: "Soon Gone" });
    await card.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(atPath(`/user/contacts/edit/${gone}`));
    const dialog = page.getByRole("dialog", { name: "Not found" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(NOT_YOURS);
    expect(await stillThere(page, "listedCard")).toBe(true);
    await dialog.getByRole("link", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    await hydrated(page);

    await card.getByRole("link", { name: "Soon Gone", exact: true }).click();
    await page.waitForURL(atPath("/user/profile"));
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await stillThere(page, "mainNav")).toBe(true);
  });
});
