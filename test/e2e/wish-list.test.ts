import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  addInDialog,
  atPath,
  chooseYear,
  confirmDeletion,
  dismissToast,
  fieldErrors,
  followNav,
  hydrated,
  modes,
  signUp,
  toast,
  uniqueEmail,
  useBrowser,
  visit,
} from "./browser";

const browser = useBrowser();
const YEAR = new Date().getUTCFullYear();

function rows(page: Page) {
  return page.getByTestId("wish-list-item");
}

async function addWish(page: Page, { title, type }: { title: string; type: string }) {
  const said = await addInDialog(page, "Add to wish list", title, (dialog) => dialog.getByLabel("Type", { exact: true }).selectOption({ label: type }));
  expect(said).toContain(`“${title}” added to your wish list.`);
}

describe.each(modes)("wish list $name", ({ javaScript }) => {
  test("a member fills a year's wish list, moves between years, filters, changes a status, edits and deletes", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Wendy Wishes", email: uniqueEmail("wish") });
    await followNav(page, "Wish list");
    await page.waitForURL(atPath("/user/wish-list"));
    await hydrated(page);
    await page.getByText(`Nothing on your wish list for ${YEAR} yet.`).waitFor();

    // Refused input is answered beside the fields, with what was typed kept.
    await page.getByRole("link", { name: "Add to wish list" }).first().click();
    let dialog = page.getByRole("dialog", { name: "Add to wish list" });
    await dialog.waitFor();
    await hydrated(page);
    await dialog.getByLabel("Target year", { exact: true }).fill("99999");
    await dialog.getByLabel("Estimated cost", { exact: true }).fill("-40");
    await dialog.getByRole("button", { name: "Add to wish list" }).click();
    dialog = page.getByRole("dialog", { name: "Add to wish list" });
    expect(await fieldErrors(dialog.getByLabel("Title", { exact: true }))).toContain("Title is required.");
    expect(await fieldErrors(dialog.getByLabel("Target year", { exact: true }))).toContain("Enter a year from 2000 to 2100.");
    expect(await fieldErrors(dialog.getByLabel("Estimated cost", { exact: true }))).toContain("The cost cannot be negative.");
    expect(await dialog.getByLabel("Target year", { exact: true }).inputValue()).toBe("99999");
    await dialog.getByRole("link", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    await addWish(page, { title: "Visit Lisbon", type: "Travel" });
    await addWish(page, { title: "Learn the piano", type: "Learn" });
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);

    // The year selector: next year is empty, and the year is in the address.
    await chooseYear(page, YEAR + 1);
    await page.getByText(`Nothing on your wish list for ${YEAR + 1} yet.`).waitFor();
    await hydrated(page);
    await chooseYear(page, YEAR);
    await rows(page).nth(1).waitFor();
    await hydrated(page);

    // The filter dialog keeps the filter in the address.
    await page.getByRole("link", { name: "Filter", exact: true }).click();
    const filter = page.getByRole("dialog", { name: "Filter the wish list" });
    await filter.waitFor();
    await hydrated(page);
    await filter.getByLabel("Type", { exact: true }).selectOption({ label: "Travel" });
    await filter.getByRole("button", { name: "Apply filter" }).click();
    await page.waitForURL((url) => url.searchParams.get("type") === "travel" && url.searchParams.get("year") === String(YEAR));
    await page.getByTestId("active-filter").waitFor();
    await filter.waitFor({ state: "detached" });
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    expect(await rows(page).first().textContent()).toContain("Visit Lisbon");
    await hydrated(page);

    // The status select: saved at once with JS (no new document), with the small form's Save without.
    if (javaScript) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    expect(await rows(page).first().getByRole("button", { name: "Save", exact: true }).count()).toBe(javaScript ? 0 : 1);
    const status = page.getByLabel("Status of Visit Lisbon");
    await status.selectOption({ label: "Achieved" });
    if (!javaScript) await rows(page).first().getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "now achieved")).toContain("Visit Lisbon is now achieved.");
    expect(new URL(page.url()).searchParams.get("type")).toBe("travel");
    expect(await page.getByLabel("Status of Visit Lisbon").inputValue()).toBe("achieved");
    if (javaScript) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await dismissToast(page);

    // Edit keeps the filter; the dialog holds what was saved.
    await rows(page).first().getByRole("link", { name: "Edit", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Edit Visit Lisbon" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await dialog.getByLabel("Status", { exact: true }).inputValue()).toBe("achieved");
    await dialog.getByLabel("Title", { exact: true }).fill("Visit Lisbon and Porto");
    await dialog.getByLabel("Estimated cost", { exact: true }).fill("1200");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "saved")).toContain("“Visit Lisbon and Porto” saved.");
    expect(new URL(page.url()).searchParams.get("type")).toBe("travel");
    expect(await rows(page).first().textContent()).toContain("1,200");
    await dismissToast(page);

    // Delete asks first and comes back to the filtered list.
    await rows(page).first().getByRole("link", { name: "Delete", exact: true }).click();
    await confirmDeletion(page, "Are you sure you want to delete the wish “Visit Lisbon and Porto”?", "/user/wish-list");
    expect(await toast(page, "deleted")).toContain("“Visit Lisbon and Porto” deleted.");
    await page.getByText(`Nothing on your ${YEAR} wish list matches this filter.`).waitFor();
    await page.getByRole("link", { name: "Clear filter" }).first().click();
    await page.waitForURL((url) => !url.searchParams.has("type"));
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);

    // The home page's Planning card lists what is still open this year.
    await visit(page, "/user");
    const card = page.getByRole("region", { name: `Planning ${YEAR}` });
    expect(await card.getByRole("list", { name: "Open wishes" }).textContent()).toContain("Learn the piano");
    await card.getByRole("link", { name: "Your wish list" }).click();
    await page.waitForURL(atPath("/user/wish-list"));
  });
});
