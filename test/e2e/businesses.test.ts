import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DOCUMENT_HEADS } from "../fixtures/files";
import { atPath, confirmDeletion, dismissToast, fieldErrors, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { day } from "../fixtures/days";

const browser = useBrowser();

/** "2026-11-28" as the page writes it: "28 Nov 2026". */
function longDate(isoDay: string) {
  const [year, month, dayOfMonth] = isoDay.split("-").map(Number);
  return `${dayOfMonth} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]} ${year}`;
}

/** Opens a <details> menu of the business page (by its summary's name) and follows one of its links. */
async function fromMenu(page: Page, menu: string, link: string) {
  await dismissToast(page);
  const details = page.locator("details", { has: page.locator(`summary[aria-label="${menu}"]`) });
  await details.locator("> summary").click();
  await details.getByRole("link", { name: link, exact: true }).click();
}

async function dialog(page: Page, name: string) {
  const found = page.getByRole("dialog", { name });
  await found.waitFor();
  await hydrated(page);
  return found;
}

describe.each(modes)("my businesses $name", ({ javaScript }) => {
  test("a business with goals, actions and their contents: each dialog, the status select, progress and cascading deletes", async () => {
    const suffix = `${Date.now()} ${javaScript ? "js" : "nojs"}`;
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: `Bea Business ${suffix}`, email: uniqueEmail("business") });
    await hydrated(page);

    await followNav(page, "Businesses");
    await page.waitForURL(atPath("/user/businesses"));
    await hydrated(page);
    await page.getByText("No businesses yet.").waitFor();
    await page.getByRole("link", { name: "Create a business" }).first().click();
    let form = await dialog(page, "Create a business");
    await form.getByLabel("Website", { exact: true }).fill("bakery.example");
    await form.getByRole("button", { name: "Create business" }).click();
    form = page.getByRole("dialog", { name: "Create a business" });
    expect(await fieldErrors(form.getByLabel("Name", { exact: true }))).toContain("Name is required.");
    expect(await fieldErrors(form.getByLabel("Website", { exact: true }))).toContain("Enter a web address starting with http:// or https://.");
    expect(await form.getByLabel("Website", { exact: true }).inputValue()).toBe("bakery.example");
    const name = `Bakery ${suffix}`;
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Website", { exact: true }).fill("https://bakery.example");
    await form.getByRole("button", { name: "Create business" }).click();
    await page.waitForURL((url) => /^\/user\/businesses\/\d+$/.test(url.pathname));
    expect(await toast(page, "created")).toContain(`“${name}” created.`);
    await hydrated(page);
    const businessPath = new URL(page.url()).pathname;
    const businessId = businessPath.split("/").pop();

    // SPEC's edit business modal opens the product's dialog.
    await visit(page, `/user/task/my_business/ajax-edit-business-view-modal?my_business_id=${businessId}`);
    await page.waitForURL(atPath(`${businessPath}/edit`));
    form = await dialog(page, "Edit business");
    await form.getByLabel("Industry", { exact: true }).fill("Food");
    await form.getByRole("button", { name: "Save business" }).click();
    await page.waitForURL(atPath(businessPath));
    await toast(page, "Business saved.");
    await page.locator("dd", { hasText: "Food" }).waitFor();

    // A goal.
    await dismissToast(page);
    await page.getByRole("link", { name: "Add a goal" }).first().click();
    form = await dialog(page, "Add a goal");
    await form.getByRole("button", { name: "Add goal" }).click();
    form = page.getByRole("dialog", { name: "Add a goal" });
    expect(await fieldErrors(form.getByLabel("Title", { exact: true }))).toContain("Title is required.");
    await form.getByLabel("Title", { exact: true }).fill("Second shop");
    await form.getByLabel("Target", { exact: true }).fill("2 shops");
    await form.getByLabel("Target date", { exact: true }).fill(day(180));
    await form.getByRole("button", { name: "Add goal" }).click();
    await page.waitForURL(atPath(businessPath));
    await toast(page, "Goal added.");
    await hydrated(page);

    // Two actions.
    for (const [title, due] of [
      ["Sign the lease", day(3)],
      ["Hire a baker", day(9)],
    ]) {
      await dismissToast(page);
      await page.getByRole("link", { name: "Add an action to Second shop" }).click();
      form = await dialog(page, "Add an action to Second shop");
      await form.getByLabel("Title", { exact: true }).fill(title);
      await form.getByLabel("Due date", { exact: true }).fill(due);
      await form.getByRole("button", { name: "Add action" }).click();
      await page.waitForURL(atPath(businessPath));
      await toast(page, "Action added.");
      await hydrated(page);
    }
    const goal = page.getByTestId("business-goal");
    await goal.getByText("0 of 2 actions done").waitFor();
    expect(await goal.textContent()).toContain(`by ${longDate(day(180))}`);
    expect(await goal.textContent()).toContain(`due ${longDate(day(3))}`);

    // The next action due is on the home page.
    await visit(page, "/user");
    const next = page.getByRole("region", { name: "Next actions" });
    const firstNext = await next.getByRole("listitem").first().textContent();
    expect(firstNext).toContain("Sign the lease");
    // Dates read as the rest of the app writes them ("28 Nov 2026"), never as ISO text.
    expect(firstNext).toContain(`Due ${longDate(day(3))}`);
    expect(firstNext).not.toContain(day(3));
    await next.getByRole("link", { name: "Sign the lease" }).click();
    await page.waitForURL(atPath(businessPath));
    await hydrated(page);

    // The status select: with JS it saves on change, without JS its button posts it.
    await page.getByLabel("Status of Sign the lease", { exact: true }).selectOption("done");
    if (!javaScript) await page.getByRole("button", { name: "Save status of Sign the lease" }).click();
    expect(await toast(page, "is now done")).toContain("Sign the lease is now done.");
    await goal.getByText("1 of 2 actions done").waitFor();
    expect(await goal.getByRole("progressbar", { name: "Progress of Second shop" }).getAttribute("value")).toBe("1");
    // Done reads “✓ Done”, not struck through and greyed (that reads as dropped).
    const done = goal.getByTestId("goal-action").filter({ hasText: "Sign the lease" });
    expect(await done.locator(".badge--achieved").textContent()).toBe("✓ Done");
    const doneTitle = done.getByText("Sign the lease", { exact: true });
    expect(await doneTitle.evaluate((element) => getComputedStyle(element).textDecorationLine)).not.toContain("line-through");

    // A content with a link and an attachment, then edited and deleted.
    await fromMenu(page, "More for Sign the lease", "Add content");
    form = await dialog(page, "Add content to Sign the lease");
    await form.getByLabel("Note", { exact: true }).fill("Signed at the notary");
    await form.getByLabel("Link", { exact: true }).fill("https://example.com/lease");
    await form.getByLabel("Attachment", { exact: true }).setInputFiles({ name: "lease.pdf", mimeType: "application/pdf", buffer: DOCUMENT_HEADS.pdf() });
    await form.getByRole("button", { name: "Add content" }).click();
    await page.waitForURL(atPath(businessPath));
    await toast(page, "Content added.");
    await hydrated(page);
    const log = page.getByRole("list", { name: "What was done for Sign the lease" });
    await log.getByText("Signed at the notary").waitFor();
    const attachment = log.getByRole("link", { name: "lease.pdf" });
    expect((await page.request.get(new URL((await attachment.getAttribute("href"))!, page.url()).href)).status()).toBe(200);

    await dismissToast(page);
    await log.getByRole("link", { name: `Edit content of ${day(0)}` }).click();
    form = await dialog(page, "Edit action content");
    await form.getByLabel("Note", { exact: true }).fill("Signed at the notary, keys on Monday");
    await form.getByRole("button", { name: "Save content" }).click();
    await page.waitForURL(atPath(businessPath));
    await toast(page, "Content saved.");
    await log.getByText("keys on Monday").waitFor();
    await hydrated(page);
    await dismissToast(page);
    await log.getByRole("link", { name: `Delete content of ${day(0)}` }).click();
    await confirmDeletion(page, "Are you sure you want to delete the note of ", businessPath);
    await toast(page, "Content deleted.");
    await log.waitFor({ state: "detached" });
    await hydrated(page);

    // Another member finds nothing there: the page and its dialogs answer 404.
    const other = await browser.newPage({ javaScript });
    await signUp(other, { name: `Otto Other ${suffix}`, email: uniqueEmail("business-other") });
    expect((await other.goto(businessPath))?.status()).toBe(404);
    expect((await other.goto(`${businessPath}/goals/new`))?.status()).toBe(404);
    await other.getByRole("heading", { name: "Page not found" }).waitFor();

    // Edit an action, then delete it with its content (asked first).
    await fromMenu(page, "More for Hire a baker", "Edit action");
    form = await dialog(page, "Edit action");
    await form.getByLabel("Title", { exact: true }).fill("Hire two bakers");
    await form.getByRole("button", { name: "Save action" }).click();
    await page.waitForURL(atPath(businessPath));
    await toast(page, "Action saved.");
    await hydrated(page);
    await fromMenu(page, "More for Hire two bakers", "Add content");
    form = await dialog(page, "Add content to Hire two bakers");
    await form.getByLabel("Note", { exact: true }).fill("Posted the job");
    await form.getByRole("button", { name: "Add content" }).click();
    await page.waitForURL(atPath(businessPath));
    await page.getByText("Posted the job").waitFor();
    await hydrated(page);
    await fromMenu(page, "More for Hire two bakers", "Delete action");
    await confirmDeletion(page, "Are you sure you want to delete the action “Hire two bakers”?", businessPath);
    await toast(page, "Action “Hire two bakers” deleted.");
    await goal.getByText("1 of 1 actions done").waitFor();
    expect(await page.getByText("Posted the job").count()).toBe(0);
    await hydrated(page);

    // Edit the goal, then delete it with its action (asked first).
    await fromMenu(page, "Goal menu: Second shop", "Edit goal");
    form = await dialog(page, "Edit goal");
    await form.getByLabel("Title", { exact: true }).fill("Two shops");
    await form.getByRole("button", { name: "Save goal" }).click();
    await page.waitForURL(atPath(businessPath));
    await toast(page, "Goal saved.");
    await hydrated(page);
    await fromMenu(page, "Goal menu: Two shops", "Delete goal");
    await confirmDeletion(page, "Are you sure you want to delete the goal “Two shops”?", businessPath);
    await toast(page, "Goal “Two shops” deleted.");
    await page.getByText("No goals yet.").waitFor();
    await hydrated(page);

    // Delete the business.
    await fromMenu(page, "Business menu", "Delete business");
    await confirmDeletion(page, `Are you sure you want to delete the business “${name}”?`, "/user/businesses");
    await toast(page, `“${name}” deleted.`);
    await page.getByText("No businesses yet.").waitFor();
  });
});
