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
} from "./browser";

const browser = useBrowser();
const YEAR = new Date().getUTCFullYear();

function rows(page: Page) {
  return page.getByTestId("big-task");
}

async function addTask(page: Page, { title, priority }: { title: string; priority: string }) {
  const said = await addInDialog(page, "Add task", title, (dialog) => dialog.getByLabel("Priority", { exact: true }).selectOption(priority));
  expect(said).toContain(`“${title}” added to your big tasks.`);
}

describe.each(modes)("big tasks $name", ({ javaScript }) => {
  test("a member plans a year's big tasks: priority bands, year selector, filter, status, edit and delete", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Bob Bigtask", email: uniqueEmail("bigtask") });
    await followNav(page, "Big tasks");
    await page.waitForURL(atPath("/user/big-tasks"));
    await hydrated(page);
    await page.getByText(`No big tasks for ${YEAR} yet.`).waitFor();

    await page.getByRole("link", { name: "Add task" }).first().click();
    let dialog = page.getByRole("dialog", { name: "Add task" });
    await dialog.waitFor();
    await hydrated(page);
    await dialog.getByLabel("Year", { exact: true }).fill("99999");
    await dialog.getByRole("button", { name: "Add task" }).click();
    dialog = page.getByRole("dialog", { name: "Add task" });
    expect(await fieldErrors(dialog.getByLabel("Title", { exact: true }))).toContain("Title is required.");
    expect(await fieldErrors(dialog.getByLabel("Year", { exact: true }))).toContain("Enter a year from 2000 to 2100.");
    await dialog.getByLabel("Year", { exact: true }).fill(String(YEAR));
    await dialog.getByLabel("Title", { exact: true }).fill("Write the plan");
    await dialog.getByLabel("Priority", { exact: true }).selectOption("2");
    await dialog.getByRole("button", { name: "Add task" }).click();
    expect(await toast(page, "Write the plan")).toContain("added to your big tasks.");
    await dismissToast(page);
    await addTask(page, { title: "Open an office", priority: "9" });
    // The most important first, with its band and stars.
    expect(await rows(page).first().textContent()).toContain("Open an office");
    expect(await rows(page).first().getByText("Priority 9 of 10, High", { exact: true }).count()).toBe(1);
    expect(await rows(page).nth(1).textContent()).toContain("Low");

    await chooseYear(page, YEAR + 1);
    await page.getByText(`No big tasks for ${YEAR + 1} yet.`).waitFor();
    await hydrated(page);
    await chooseYear(page, YEAR);
    await rows(page).nth(1).waitFor();
    await hydrated(page);

    await page.getByRole("link", { name: "Filter", exact: true }).click();
    const filter = page.getByRole("dialog", { name: "Filter big tasks" });
    await filter.waitFor();
    await hydrated(page);
    await filter.getByLabel("Priority", { exact: true }).selectOption("high");
    await filter.getByRole("button", { name: "Apply filter" }).click();
    await page.waitForURL((url) => url.searchParams.get("priority") === "high");
    await page.getByTestId("active-filter").waitFor();
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(1);
    await hydrated(page);

    await page.getByLabel("Status of Open an office").selectOption({ label: "In progress" });
    if (!javaScript) await rows(page).first().getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "in progress")).toContain("Open an office is now in progress.");
    expect(new URL(page.url()).searchParams.get("priority")).toBe("high");
    await dismissToast(page);

    await rows(page).first().getByRole("link", { name: "Edit", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Edit Open an office" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await dialog.getByLabel("Status", { exact: true }).inputValue()).toBe("in_progress");
    await dialog.getByLabel("Due date", { exact: true }).fill(`${YEAR}-09-30`);
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "saved")).toContain("“Open an office” saved.");
    expect(await rows(page).first().textContent()).toContain(`30 Sep ${YEAR}`);
    await dismissToast(page);

    await rows(page).first().getByRole("link", { name: "Delete", exact: true }).click();
    await confirmDeletion(page, "Are you sure you want to delete the big task “Open an office”?", "/user/big-tasks");
    expect(await toast(page, "deleted")).toContain("“Open an office” deleted.");
    await page.getByText(`None of your big tasks of ${YEAR} matches this filter.`).waitFor();

    // A year out of range in the address is a 400 that says why, inside the member area.
    const response = await page.goto("/user/big-tasks?year=99999");
    expect(response?.status()).toBe(400);
    await page.getByText("Enter a year from 2000 to 2100.").waitFor();
    await page.getByRole("navigation", { name: "Main" }).waitFor();
  });
});

describe.each(modes)("a done big task $name", ({ javaScript }) => {
  test("reads “✓ Done”, not struck through (a line through reads as cancelled)", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Dora Done", email: uniqueEmail("bigdone") });
    await followNav(page, "Big tasks");
    await page.waitForURL(atPath("/user/big-tasks"));
    await hydrated(page);
    await addTask(page, { title: "Hire an assistant", priority: "5" });
    await dismissToast(page);
    const row = rows(page).filter({ hasText: "Hire an assistant" });
    await row.getByLabel("Status of Hire an assistant").selectOption({ label: "Done" });
    if (!javaScript) await row.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "done")).toContain("Hire an assistant is now done.");
    await dismissToast(page);
    expect(await row.locator(".badge--achieved").textContent()).toBe("✓ Done");
    const title = row.getByText("Hire an assistant", { exact: true });
    expect(await title.evaluate((element) => getComputedStyle(element).textDecorationLine)).not.toContain("line-through");
  });
});
