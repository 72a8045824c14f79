import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, dismissToast, fieldErrors, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

// The category dialogs opened from the grid's Category button, the list's filters by each
// category and its sorts, the text and business searches (bookmarkable), and SPEC.md §7's
// addresses of the same dialogs; with and without JavaScript.

const browser = useBrowser();
const LIST = "/user/contacts";

/** Adds a contact through SPEC.md's save_changes address (the dialogs have their own e2e) and
 * returns its id. */
async function seedContact(page: Page, fields: Record<string, string>, business?: Record<string, string>) {
  await visit(page, LIST);
  const csrf = await page.locator('input[name="csrf"]').first().inputValue();
  const saved = await page.request.post("/user/contacts/save_changes", {
    form: { csrf, ...fields },
    headers: { Accept: "application/json" },
  });
  expect(saved.status()).toBe(200);
  const { url } = (await saved.json()) as { url: string };
  const id = Number(new URL(url, "http://x").searchParams.get("cicid"));
  if (business) {
    const updated = await page.request.post("/user/contacts/business_update", {
      form: { csrf, contact_id: String(id), ...business },
      headers: { Accept: "application/json" },
    });
    expect(updated.status()).toBe(200);
  }
  return id;
}

function card(page: Page, name: string) {
  return page.getByTestId("contact-card").filter({ has: page.getByRole("link", { name, exact: true }) });
}

async function cardNames(page: Page) {
  return page.getByTestId("contact-card").locator(".contact-name").allTextContents();
}

/** Opens one of the contact's category dialogs from its card's Category button. */
async function openCategory(page: Page, name: string, item: string) {
  await dismissToast(page);
  const menu = card(page, name).locator("details.menu");
  await menu.locator(":scope > summary").click();
  await menu.getByRole("link", { name: item, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `${item}: ${name}` });
  await dialog.waitFor();
  await hydrated(page);
  return dialog;
}

describe.each(modes)("contact categories, sorts and searches $name", ({ javaScript }) => {
  test("the four category dialogs from the grid, the list filtered by each, sorted, searched", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Cora Categories", email: uniqueEmail("categories") });
    const ana = await seedContact(
      page,
      { name: "Ana Ortega", email: "ana@example.com", occupation: "Architect", meet_place: "Golf club" },
      { company: "Ortega Holdings" },
    );
    await seedContact(page, { name: "Bob Baker", occupation: "Baker", meet_place: "Spring fair" }, { company: "Baker Foods" });
    await visit(page, LIST);
    expect(await cardNames(page)).toEqual(["Ana Ortega", "Bob Baker"]);

    // My category: a new label, assigned.
    let dialog = await openCategory(page, "Ana Ortega", "My category");
    expect(new URL(page.url()).pathname).toBe(`${LIST}/${ana}/category/my`);
    await dialog.getByLabel("New category").fill("Golf partners");
    await dialog.getByRole("button", { name: "Save" }).click();
    expect(await toast(page, "categories")).toContain("Categories of Ana Ortega saved.");
    await page.waitForURL(atPath(LIST));
    await card(page, "Ana Ortega").getByRole("list", { name: "Categories" }).getByText("Golf partners").waitFor();

    // Real estate and other: fixed choices.
    dialog = await openCategory(page, "Bob Baker", "Real estate category");
    await dialog.getByLabel("Landlord").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await card(page, "Bob Baker").getByRole("list", { name: "Categories" }).getByText("Landlord").waitFor();
    dialog = await openCategory(page, "Ana Ortega", "Other category");
    await dialog.getByLabel("Mentor").check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await card(page, "Ana Ortega").getByRole("list", { name: "Categories" }).getByText("Mentor").waitFor();

    // Chapter head: a named chapter.
    dialog = await openCategory(page, "Bob Baker", "Chapter head");
    await dialog.getByLabel("Head of the chapter").fill("Chapter Toronto");
    await dialog.getByRole("button", { name: "Save" }).click();
    await card(page, "Bob Baker").getByRole("list", { name: "Categories" }).getByText("Head of Chapter Toronto").waitFor();

    // The profile shows them, and opens the same dialogs, which come back to it.
    await visit(page, `/user/profile?cicid=${ana}`);
    const categories = page.getByRole("region", { name: "Categories" });
    await categories.getByRole("list", { name: "Categories" }).getByText("Golf partners").waitFor();
    await categories.getByText("Mentor").waitFor();
    await categories.getByRole("link", { name: "Chapter head" }).click();
    dialog = page.getByRole("dialog", { name: "Chapter head: Ana Ortega" });
    await dialog.waitFor();
    await hydrated(page);
    await dialog.getByLabel("Head of the chapter").fill("Chapter Lisbon");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => url.pathname === "/user/profile" && url.searchParams.get("cicid") === String(ana));
    await page.getByRole("region", { name: "Categories" }).getByText("Head of Chapter Lisbon").waitFor();
    dialog = await (async () => {
      await visit(page, `${LIST}/${ana}/category/chapter-head`);
      const chapter = page.getByRole("dialog", { name: "Chapter head: Ana Ortega" });
      await chapter.getByLabel("Head of the chapter").fill("");
      return chapter;
    })();
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(atPath("/user/profile"));
    await page.getByRole("region", { name: "Categories" }).getByText("Mentor").waitFor();
    expect(await page.getByRole("region", { name: "Categories" }).getByText("Head of Chapter Lisbon").count()).toBe(0);

    // The list filtered by each (the sort and filters fold on a phone's screen).
    const filterBy = async (apply: (options: ReturnType<Page["locator"]>) => Promise<unknown>, param: string) => {
      await visit(page, LIST);
      await dismissToast(page);
      await page.getByText("Sort and filter", { exact: true }).click();
      const options = page.locator("form.list-options");
      await apply(options);
      if (!javaScript) await options.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL((url) => url.searchParams.has(param));
      await page.getByRole("heading", { name: "1 contact found" }).waitFor();
      return cardNames(page);
    };
    expect(await filterBy((options) => options.getByLabel("My category").selectOption({ label: "Golf partners (1)" }), "label")).toEqual(["Ana Ortega"]);
    expect(await filterBy((options) => options.getByLabel("Real estate").selectOption({ label: "Landlord" }), "real_estate")).toEqual(["Bob Baker"]);
    expect(await filterBy((options) => options.getByLabel("Other").selectOption({ label: "Mentor" }), "other")).toEqual(["Ana Ortega"]);
    expect(await filterBy((options) => options.getByLabel("Chapter heads").check(), "chapter_head")).toEqual(["Bob Baker"]);

    // Sorted by date added (newest first), then by name again.
    await visit(page, LIST);
    await page.getByText("Sort and filter", { exact: true }).click();
    await page.getByLabel("Sort by").selectOption({ label: "Newest first" });
    if (!javaScript) await page.locator("form.list-options").getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "newest");
    await page.waitForFunction(() => document.querySelector(".contact-grid .contact-name")?.textContent === "Bob Baker");
    expect(await cardNames(page)).toEqual(["Bob Baker", "Ana Ortega"]);
    await page.getByLabel("Sort by").selectOption({ label: "Oldest first" });
    if (!javaScript) await page.locator("form.list-options").getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "oldest");
    await page.waitForFunction(() => document.querySelector(".contact-grid .contact-name")?.textContent === "Ana Ortega");
    expect(await cardNames(page)).toEqual(["Ana Ortega", "Bob Baker"]);

    // The text and business searches rewrite the query string; with JS without a new document.
    for (const [label, param, value, found] of [
      ["Search contacts", "q", "bak", "Bob Baker"],
      ["Search by business", "business", "holdings", "Ana Ortega"],
    ] as const) {
      await visit(page, LIST);
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      // On a phone the searches other than the first are folded under "More searches".
      if (param !== "q") await page.getByText("More searches", { exact: true }).click();
      const search = page.getByRole("search", { name: label });
      await search.getByLabel(label, { exact: true }).fill(value);
      if (!javaScript) await search.getByRole("button", { name: "Search" }).click();
      await page.waitForURL((url) => url.pathname === LIST && url.searchParams.get(param) === value);
      await page.getByRole("heading", { name: "1 contact found" }).waitFor();
      expect(await cardNames(page), label).toEqual([found]);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false), label).toBe(javaScript);
      // Bookmarkable: the same address opened afresh shows the same results, the field filled.
      await visit(page, `${LIST}?${param}=${value}`);
      expect(await cardNames(page), label).toEqual([found]);
      expect(await page.getByRole("searchbox", { name: label, exact: true }).inputValue(), label).toBe(value);
    }

    // SPEC.md §7's addresses of the dialogs open the same dialogs.
    await visit(page, `/user/contact/real-estate-category?contact_id=${ana}`);
    await page.waitForURL(atPath(`${LIST}/${ana}/category/real-estate`));
    await page.getByRole("dialog", { name: "Real estate category: Ana Ortega" }).waitFor();
    await visit(page, `/user/contacts/update_chapter_head?contact_id=${ana}`);
    await page.getByRole("dialog", { name: "Chapter head: Ana Ortega" }).waitFor();
    await visit(page, `/user/documents/load_model?target=x&thumb=1&contact_id=${ana}`);
    await page.waitForURL(atPath(`${LIST}/${ana}/documents`));
    await visit(page, `/user/contacts/view/${ana}`);
    await page.getByRole("heading", { name: "Ana Ortega", level: 1 }).waitFor();
    expect((await page.request.get(`/user/contacts/view/${ana + 1000}`)).status()).toBe(404);

    // DELETE /user/contacts/delete {contact_id} through the server (the token in its header).
    await visit(page, LIST);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const deleted = await page.request.fetch("/user/contacts/delete", {
      method: "DELETE",
      form: { contact_id: String(ana) },
      headers: { Accept: "application/json", "X-CSRF-Token": csrf },
    });
    expect(deleted.status()).toBe(200);
    expect(await deleted.json()).toEqual({ type: "success", message: "Contact Ana Ortega deleted.", url: LIST });
    await visit(page, LIST);
    expect(await cardNames(page)).toEqual(["Bob Baker"]);
  });
});

describe.each(modes)("my category labels renamed and deleted $name", ({ javaScript }) => {
  test("from the list's filter: rename (a taken name refused), delete after asking; the contacts stay", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Lena Labels", email: uniqueEmail("labels") });
    const ana = await seedContact(page, { name: "Ana Ortega" });
    const bob = await seedContact(page, { name: "Bob Baker" });
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const label = async (contactId: number, fields: Record<string, string>) => {
      const saved = await page.request.post(`${LIST}/${contactId}/category/my?back=%2Fuser%2Fcontacts`, { form: { csrf, ...fields }, maxRedirects: 0 });
      expect(saved.status()).toBe(302);
    };
    await label(ana, { new_label: "Speakers" });
    await label(bob, { new_label: "Golf partners" });
    await visit(page, LIST);
    const option = (name: string) => page.getByLabel("My category").locator("option", { hasText: name }).getAttribute("value");
    const golfId = await option("Golf partners");
    const speakersId = await option("Speakers");
    await label(ana, { label: speakersId!, new_label: "Golf partners" });

    // "Rename or delete" beside the filter opens the member's labels with their counts.
    await visit(page, LIST);
    await dismissToast(page);
    await page.getByText("Sort and filter", { exact: true }).click();
    expect(await page.getByLabel("My category").locator("option").allTextContents()).toEqual(["Any", "Golf partners (2)", "Speakers (1)"]);
    await page.locator("form.list-options").getByRole("link", { name: "Rename or delete" }).click();
    await page.waitForURL(atPath(`${LIST}/categories`));
    let dialog = page.getByRole("dialog", { name: "My categories" });
    await dialog.waitFor();
    await hydrated(page);
    const labels = dialog.getByRole("list", { name: "My categories" });
    expect(await labels.getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^Golf partners \(2 contacts\)/),
      expect.stringMatching(/^Speakers \(1 contact\)/),
    ]);

    // Rename: another label's name is refused next to the field, then a new name is saved.
    await dialog.getByRole("link", { name: "Rename Golf partners" }).click();
    await page.waitForURL(atPath(`${LIST}/categories/${golfId}`));
    dialog = page.getByRole("dialog", { name: "Rename category: Golf partners" });
    await dialog.waitFor();
    await hydrated(page);
    await dialog.getByLabel("Name", { exact: true }).fill("speakers");
    await dialog.getByRole("button", { name: "Save" }).click();
    dialog = page.getByRole("dialog", { name: "Rename category: Golf partners" });
    expect(await fieldErrors(dialog.getByLabel("Name", { exact: true }))).toContain("You already have a category named speakers.");
    await hydrated(page);
    await dialog.getByLabel("Name", { exact: true }).fill("Golfers");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(atPath(`${LIST}/categories`));
    expect(await toast(page, "renamed")).toContain("Category “Golf partners” renamed to “Golfers”.");
    dialog = page.getByRole("dialog", { name: "My categories" });
    await dialog.getByRole("link", { name: "Rename Golfers" }).waitFor();
    await hydrated(page);

    // Delete: SPEC.md §8's question first; Cancel keeps it, Yes deletes it.
    await dismissToast(page);
    await dialog.getByRole("link", { name: "Delete Speakers" }).click();
    await page.waitForURL(atPath(`${LIST}/categories/${speakersId}/delete`));
    let confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("Are you sure you want to delete the category “Speakers”?");
    expect(await confirm.textContent()).toContain("It will be taken off the contact in it; the contacts themselves stay.");
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(atPath(`${LIST}/categories`));
    dialog = page.getByRole("dialog", { name: "My categories" });
    await hydrated(page);
    await dialog.getByRole("link", { name: "Delete Speakers" }).click();
    confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await page.waitForURL(atPath(`${LIST}/categories`));
    expect(await toast(page, "deleted")).toContain("Category “Speakers” deleted.");
    dialog = page.getByRole("dialog", { name: "My categories" });
    await dialog.getByRole("link", { name: "Delete Speakers" }).waitFor({ state: "detached" });
    expect(await dialog.getByRole("list", { name: "My categories" }).getByRole("listitem").allTextContents()).toEqual([
      expect.stringMatching(/^Golfers \(2 contacts\)/),
    ]);
    await hydrated(page);

    // Done: the list, where the filter and the cards show what is left; both contacts stay.
    await dismissToast(page);
    await dialog.getByRole("link", { name: "Done" }).click();
    await page.waitForURL(atPath(LIST));
    await page.getByRole("dialog", { name: "My categories" }).waitFor({ state: "detached" });
    expect(await cardNames(page)).toEqual(["Ana Ortega", "Bob Baker"]);
    expect(await card(page, "Ana Ortega").getByRole("list", { name: "Categories" }).textContent()).toBe("Golfers");
    expect(await page.getByLabel("My category").locator("option").allTextContents()).toEqual(["Any", "Golfers (2)"]);
  });

  test("the My category dialog links to the labels and back; another member gets 404 for them", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Lars Labels", email: uniqueEmail("labels-link") });
    const bob = await seedContact(page, { name: "Bob Baker" });
    await visit(page, LIST);
    let my = await openCategory(page, "Bob Baker", "My category");
    expect(await my.getByRole("link", { name: "Rename or delete your categories" }).count()).toBe(0);
    await my.getByLabel("New category").fill("Bakers");
    await my.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(atPath(LIST));
    await card(page, "Bob Baker").getByRole("list", { name: "Categories" }).getByText("Bakers").waitFor();
    await hydrated(page);

    my = await openCategory(page, "Bob Baker", "My category");
    await my.getByRole("link", { name: "Rename or delete your categories" }).click();
    const dialog = page.getByRole("dialog", { name: "My categories" });
    await dialog.waitFor();
    await hydrated(page);
    const rename = await dialog.getByRole("link", { name: "Rename Bakers" }).getAttribute("href");
    const labelId = /\/categories\/(\d+)/.exec(rename!)![1];
    await dialog.getByRole("link", { name: "Done" }).click();
    await page.getByRole("dialog", { name: "My category: Bob Baker" }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`${LIST}/${bob}/category/my`);

    const other = await browser.newPage({ javaScript });
    await signUp(other, { name: "Otto Other", email: uniqueEmail("labels-other") });
    expect((await other.request.get(`${LIST}/categories/${labelId}`)).status()).toBe(404);
    expect((await other.request.get(`${LIST}/categories/${labelId}/delete`)).status()).toBe(404);
    await visit(other, `${LIST}/categories`);
    await other.getByRole("dialog", { name: "My categories" }).getByText("You have no categories of your own yet").waitFor();
  });
});

describe.each(modes)("the contact list's pages $name", ({ javaScript }) => {
  test("25 contacts make two pages of 24; Next and Previous keep the search and sort", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Paula Pages", email: uniqueEmail("pages") });
    await visit(page, LIST);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    for (let n = 1; n <= 25; n++) {
      const name = `Member ${String(n).padStart(2, "0")}`;
      const saved = await page.request.post("/user/contacts/save_changes", {
        form: { csrf, name, meet_place: n % 2 ? "Odd fair" : "Even fair" },
        headers: { Accept: "application/json" },
      });
      expect(saved.status(), name).toBe(200);
    }
    await visit(page, LIST);
    const pages = page.getByRole("navigation", { name: "Pages" });
    expect(await pages.textContent()).toContain("Page 1 of 2");
    expect(await cardNames(page)).toHaveLength(24);
    await pages.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2");
    await pages.getByText("Page 2 of 2").waitFor();
    expect(await cardNames(page)).toEqual(["Member 25"]);
    await pages.getByRole("link", { name: "Previous" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "1");
    await pages.getByText("Page 1 of 2").waitFor();
    expect((await cardNames(page))[0]).toBe("Member 01");

    // Newest first, then the next page: the sort stays.
    await visit(page, `${LIST}?sort=newest`);
    expect((await cardNames(page))[0]).toBe("Member 25");
    await pages.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((url) => url.searchParams.get("page") === "2" && url.searchParams.get("sort") === "newest");
    await pages.getByText("Page 2 of 2").waitFor();
    expect(await cardNames(page)).toEqual(["Member 01"]);

    // A search that fits one page has no pager.
    await visit(page, `${LIST}?meet_place=odd`);
    await page.getByRole("heading", { name: "13 contacts found" }).waitFor();
    expect(await pages.count()).toBe(0);
  });
});

describe("the contact form with JavaScript", () => {
  test("sending waits for a pending e-mail check (and is refused by its answer); the button reads Please Wait...", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Wendy Waits", email: uniqueEmail("waits") });
    await visit(page, `${LIST}/add`);
    const dialog = page.getByRole("dialog", { name: "Add a contact" });
    await dialog.waitFor();

    // The check answers slowly, and with a duplicate.
    let releaseCheck = () => {};
    const checkAnswered = new Promise<void>((resolve) => (releaseCheck = resolve));
    await page.route("**/user/ajax/check_contact_and_invite", async (route) => {
      await checkAnswered;
      await route.fulfill({ status: 200, contentType: "text/plain", body: "You already have a contact with this e-mail: Somebody." });
    });
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === `${LIST}/add`) posts.push(request.url());
    });
    await dialog.getByLabel("Name", { exact: true }).fill("Slow Check");
    await dialog.getByLabel("E-mail", { exact: true }).fill("slow@example.com");
    await dialog.getByLabel("E-mail", { exact: true }).press("Tab");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await page.waitForTimeout(400);
    expect(posts).toEqual([]);
    releaseCheck();
    await dialog.getByText("You already have a contact with this e-mail: Somebody.").waitFor();
    await page.waitForTimeout(300);
    expect(posts).toEqual([]);

    // A free address: the check answers empty, the form is sent; while it is on its way the
    // button reads "Please Wait...".
    await page.unroute("**/user/ajax/check_contact_and_invite");
    let releasePost = () => {};
    const postHeld = new Promise<void>((resolve) => (releasePost = resolve));
    await page.route(`**${LIST}/add**`, async (route) => {
      if (route.request().method() === "POST") await postHeld;
      await route.continue();
    });
    await dialog.getByLabel("E-mail", { exact: true }).fill("free@example.com");
    await dialog.getByLabel("E-mail", { exact: true }).press("Tab");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    const waiting = dialog.getByRole("button", { name: "Please Wait..." });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    releasePost();
    await page.waitForURL(atPath("/user/profile"));
    expect(await toast(page, "added")).toContain("Contact added.");
    await page.getByRole("heading", { name: "Slow Check", level: 1 }).waitFor();
  });
});
