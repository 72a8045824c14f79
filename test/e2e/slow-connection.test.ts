import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { addContact, addInDialog, fieldErrors, hydrated, signUp, toast, uniqueEmail, useBrowser, visit, visitBeforeScripts } from "./browser";
import { png } from "../fixtures/files";
import { picture } from "./member-setup";

// On a slow connection a member types and chooses in the server's HTML before the page's
// JavaScript has run. Once it runs, what they did stays on screen and what follows from it (a
// button enabled, a part of the form shown, the next list filled) is as if they had done it
// then (app/ui/use-field-state.ts). The chat's send box is in social.test.ts.
const browser = useBrowser();

describe("forms used before the JavaScript has run", () => {
  test("keep what the member typed and chose, and act on it once it runs", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Sol Slowline", email: uniqueEmail("slow") });

    // A post: Post is enabled by the message typed before.
    let scriptsRun = await visitBeforeScripts(page, "/user/timeline/post/new");
    let dialog = page.getByRole("dialog", { name: "Write a post" });
    await dialog.getByLabel("Message").fill("Typed on the bus");
    await scriptsRun();
    const post = dialog.getByRole("button", { name: "Post", exact: true });
    expect(await post.isEnabled()).toBe(true);
    await post.click();
    expect(await toast(page, "shared")).toContain("Post shared.");

    // Editing it: the text changed before stays (React 18.3's hydration would set it back).
    const postId = new URL(page.url()).hash.replace("#post-", "");
    scriptsRun = await visitBeforeScripts(page, `/user/timeline/post/${postId}/edit`);
    dialog = page.getByRole("dialog", { name: "Edit your post" });
    await dialog.getByLabel("Message").fill("Typed on the bus, then mended");
    await scriptsRun();
    expect(await dialog.getByLabel("Message").inputValue()).toBe("Typed on the bus, then mended");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "updated")).toContain("Post updated.");
    await page.getByText("Typed on the bus, then mended").waitFor();

    // A post of a photo alone, chosen before: it goes up once the JavaScript runs, then Post.
    scriptsRun = await visitBeforeScripts(page, "/user/timeline/post/new");
    dialog = page.getByRole("dialog", { name: "Write a post" });
    await dialog.locator('input[type="file"]').setInputFiles(await picture("harbour.png", { r: 30, g: 120, b: 200 }, 160, 120));
    await scriptsRun();
    await dialog.getByRole("button", { name: "Remove harbour.png" }).waitFor();
    expect(await dialog.getByRole("button", { name: "Post", exact: true }).isEnabled()).toBe(true);
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    expect(await toast(page, "shared")).toContain("Post shared.");
    expect(await page.locator("article.post").first().locator(".carousel-item img").getAttribute("alt")).toBe("harbour.png");

    // The membership payment: the plan chosen before stays chosen, and Pay names its price.
    scriptsRun = await visitBeforeScripts(page, "/user/membership/pay");
    dialog = page.getByRole("dialog", { name: "Membership payment" });
    await dialog.getByRole("radio", { name: /Annual Membership/ }).check();
    await scriptsRun();
    expect(await dialog.getByRole("radio", { name: /Annual Membership/ }).isChecked()).toBe(true);
    const pay = dialog.getByRole("button", { name: /^Pay/ });
    expect(await pay.isEnabled()).toBe(true);
    expect(await pay.textContent()).toMatch(/^Pay \$\d+/);

    // A task: the repetition chosen before shows its own part of the form, and only that.
    scriptsRun = await visitBeforeScripts(page, "/user/calendar/new");
    dialog = page.getByRole("dialog", { name: "Add task" });
    await dialog.getByLabel("Repeats").selectOption({ label: "Monthly" });
    await dialog.getByLabel("After a number of times").check();
    await scriptsRun();
    expect(await dialog.getByLabel("Repeats").inputValue()).toBe("monthly");
    expect(await dialog.getByLabel("On a day of the month").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Month", { exact: true }).isVisible()).toBe(false);
    expect(await dialog.getByLabel("Occurrences").isVisible()).toBe(true);
    expect(await dialog.getByLabel("Repeat until").isVisible()).toBe(false);

    // The profile: the country chosen before stays, and its provinces are fetched.
    scriptsRun = await visitBeforeScripts(page, "/user/settings/profile");
    const country = page.getByLabel("Country", { exact: true });
    await country.selectOption({ label: "Canada" });
    await scriptsRun();
    await page.getByLabel("Province", { exact: true }).locator("option", { hasText: "Ontario" }).waitFor({ state: "attached" });
    expect(await country.inputValue()).toBe("CA");
    await page.getByLabel("Province", { exact: true }).selectOption({ label: "Ontario" });
    await page.getByLabel("City", { exact: true }).locator("option", { hasText: "Toronto" }).first().waitFor({ state: "attached" });

    // The member search: what was typed stays in the box.
    scriptsRun = await visitBeforeScripts(page, "/user/friends");
    await page.getByLabel("Find members").fill("Kit");
    await scriptsRun();
    expect(await page.getByRole("combobox", { name: "Find members" }).inputValue()).toBe("Kit");

    // Controls that save as they change have a Save button only without JS, gone once it runs:
    // what was changed before is saved then.
    await addContact(page, "Kit Early");
    scriptsRun = await visitBeforeScripts(page, "/user/contacts");
    await page.getByRole("checkbox", { name: "Mark Kit Early as important" }).check();
    await scriptsRun();
    expect(await toast(page, "important")).toContain("Kit Early is marked important.");
    expect(await page.getByRole("checkbox", { name: "Mark Kit Early as important" }).isChecked()).toBe(true);

    await visit(page, "/user/wish-list");
    await addInDialog(page, "Add to wish list", "Visit Kyoto", (wish) => wish.getByLabel("Type", { exact: true }).selectOption({ label: "Travel" }));
    scriptsRun = await visitBeforeScripts(page, "/user/wish-list");
    await page.getByLabel("Status of Visit Kyoto").selectOption({ label: "Achieved" });
    await scriptsRun();
    expect(await toast(page, "now achieved")).toContain("Visit Kyoto is now achieved.");

    // Saved: the pages loaded afresh show both.
    await visit(page, "/user/contacts");
    expect(await page.getByRole("checkbox", { name: "Mark Kit Early as important" }).isChecked()).toBe(true);
    await visit(page, "/user/wish-list");
    expect(await page.getByLabel("Status of Visit Kyoto").inputValue()).toBe("achieved");
  });
});

/** A press as a finger or a mouse makes it: down, a moment, up (Playwright's click is both at once). */
async function press(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to press");
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.waitForTimeout(150);
  await page.mouse.up();
}

/** The server's checks of one field (conform's "validate" intent) that the page posts to `pathname`,
 * each answered `delayMs` late, as over a slow connection. */
async function fieldChecks(page: Page, pathname: string, delayMs: number) {
  const sent: string[] = [];
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      const body = route.request().postData() ?? "";
      if (route.request().method() === "POST" && body.includes("__intent__")) {
        sent.push(body);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
      await route.continue().catch(() => undefined); // a check the form's own submission replaced
    },
  );
  return sent;
}

describe("a form whose fields the server checks", () => {
  test("a post asks the server nothing before it is sent; after a refusal a field's check does not hold the button back", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Pia Press", email: uniqueEmail("press") });

    // Leaving the message box posts nothing; the press on Post, which leaves it, posts the post.
    await visit(page, "/user/timeline/post/new");
    const checks = await fieldChecks(page, "/user/timeline/post/new", 0);
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    await dialog.getByLabel("Message").fill("Pressed like a finger does");
    await dialog.getByLabel("Who may see it").focus();
    await dialog.getByLabel("Message").focus();
    await press(page, dialog.getByRole("button", { name: "Post", exact: true }));
    expect(await toast(page, "shared")).toContain("Post shared.");
    expect(checks).toEqual([]);

    // A task refused for its missing title: correcting the title asks the server again (slowly
    // here), and Save, pressed meanwhile, saves it.
    await visit(page, "/user/calendar/new");
    const task = page.getByRole("dialog", { name: "Add task" });
    await task.getByRole("button", { name: "Save", exact: true }).click();
    expect(await fieldErrors(task.getByLabel("Title", { exact: true }))).toContain("Enter a title.");
    const slowChecks = await fieldChecks(page, "/user/calendar/new", 2_000);
    await task.getByLabel("Title", { exact: true }).fill("Call the bank");
    await expect.poll(() => slowChecks.length).toBeGreaterThan(0);
    // Found by place, not by name: a pending button is named "Please Wait...".
    await press(page, task.locator(".dialog-actions button[type=submit]"));
    expect(await toast(page, "added")).toContain("Call the bank has been added to your calendar.");

    // An offer with its image chosen: a field's check goes without the image (it was uploaded,
    // stored and deleted on every keystroke); the offer itself goes with it.
    await visit(page, "/user/offers/create");
    const offer = page.getByRole("dialog", { name: "Create an offer" });
    await offer.locator('input[type="file"]').setInputFiles({ name: "booth.png", mimeType: "image/png", buffer: await png(120, 80) });
    await offer.getByRole("button", { name: "Create offer" }).click();
    expect(await fieldErrors(offer.getByLabel("Title", { exact: true }))).toContain("Title is required.");
    const offerChecks = await fieldChecks(page, "/user/offers/create", 0);
    await offer.getByLabel("Title", { exact: true }).fill("Booth by the door");
    await expect.poll(() => offerChecks.length).toBeGreaterThan(0);
    expect(offerChecks.filter((body) => body.includes('filename="booth.png"'))).toEqual([]);
    await offer.getByLabel("Price", { exact: true }).fill("250");
    await press(page, offer.getByRole("button", { name: "Create offer" }));
    expect(await toast(page, "created")).toContain("Offer created.");
    expect(await page.locator(".offer-images img").count()).toBe(1);
  });

  test("after a refusal, what is typed is checked once typing pauses, and the page's data is not asked for again", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Tia Typing", email: uniqueEmail("typing") });
    await visit(page, "/user/wish-list/new");
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Add to wish list" });
    const title = dialog.getByLabel("Title", { exact: true });
    const year = dialog.getByLabel("Target year", { exact: true });
    await year.fill("99999");
    await dialog.getByRole("button", { name: "Add to wish list" }).click();
    expect(await fieldErrors(title)).toContain("Title is required.");
    expect(await fieldErrors(year)).toContain("Enter a year from 2000 to 2100.");

    // A word typed key by key: one check, posted once the typing paused (it was one a key,
    // each followed by a data request for every route of the page).
    const sent: string[] = [];
    // (The page's live stream, opened once after the page loaded, is no data request.)
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname !== "/user/live") sent.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await title.pressSequentially("Visit Lisbon", { delay: 60 });
    await title.and(page.locator('[aria-invalid="true"]')).waitFor({ state: "detached" });
    await page.waitForTimeout(1_000);
    expect(sent).toEqual(["POST /user/wish-list/new?_data=routes%2Fuser.wish-list.new"]);
    // That check answered for every field checked so far: the year is still refused.
    expect(await fieldErrors(year)).toContain("Enter a year from 2000 to 2100.");
    expect(await title.inputValue()).toBe("Visit Lisbon");

    // Sent while a check is still held back: the form goes at once, and the check never does.
    sent.length = 0;
    await dialog.getByLabel("Type", { exact: true }).selectOption({ label: "Travel" });
    await year.fill("2030");
    await dialog.getByRole("button", { name: "Add to wish list" }).click();
    expect(await toast(page, "wish list")).toContain("“Visit Lisbon” added to your wish list.");
    expect(sent.filter((line) => line.startsWith("POST"))).toEqual(["POST /user/wish-list/new?_data=routes%2Fuser.wish-list.new"]);
  });
});
