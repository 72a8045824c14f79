import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { noisyPng, png } from "../fixtures/files";
import { atPath, detail, dismissToast, fieldErrors, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();
const LIST = "/user/contacts";

function field(dialog: Locator, label: string) {
  return dialog.getByLabel(label, { exact: true });
}

/** Opens the add dialog from the list page. */
async function openAddDialog(page: Page) {
  await visit(page, LIST);
  await page.getByRole("link", { name: "Add a contact" }).click();
  await page.waitForURL(atPath(`${LIST}/add`));
  const dialog = page.getByRole("dialog", { name: "Add a contact" });
  await dialog.waitFor();
  await hydrated(page);
  return dialog;
}

/** Shows the extra fields (phone, occupation, meet place, place) when they are hidden. */
async function moreDetails(dialog: Locator) {
  const details = dialog.locator("details.extra-fields");
  if ((await details.getAttribute("open")) === null) await dialog.getByText("More details", { exact: true }).click();
  await field(dialog, "Phone").waitFor({ state: "visible" });
}

/** Adds a contact through the dialog and returns its id, from the profile it lands on. */
async function addContact(page: Page, fields: { name: string; email?: string; meetPlace?: string }) {
  const dialog = await openAddDialog(page);
  await field(dialog, "Name").fill(fields.name);
  if (fields.email) await field(dialog, "E-mail").fill(fields.email);
  if (fields.meetPlace) {
    await moreDetails(dialog);
    await field(dialog, "Meet place").fill(fields.meetPlace);
  }
  await dialog.getByRole("button", { name: "Add contact" }).click();
  await page.waitForURL(atPath("/user/profile"));
  expect(await toast(page, "added")).toContain("Contact added.");
  return Number(new URL(page.url()).searchParams.get("cicid"));
}

function card(page: Page, name: string) {
  return page.getByTestId("contact-card").filter({ has: page.getByRole("link", { name, exact: true }) });
}

async function cardNames(page: Page) {
  return page.getByTestId("contact-card").locator(".contact-name").allTextContents();
}

describe.each(modes)("contacts $name", ({ javaScript }) => {
  test("a member adds, edits, marks, finds, describes the business of and deletes a contact", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Carmen Contacts", email: uniqueEmail("contacts") });
    await followNav(page, "Contacts");
    await page.waitForURL(atPath(LIST));
    await page.getByText("Your contact book is empty.").waitFor();

    // Adding: the name is required, shown next to the field.
    let dialog = await openAddDialog(page);
    const phone = field(dialog, "Phone");
    expect(await phone.isVisible()).toBe(false);
    await dialog.getByRole("button", { name: "Add contact" }).click();
    dialog = page.getByRole("dialog", { name: "Add a contact" });
    expect(await fieldErrors(field(dialog, "Name"))).toContain("Name is required.");
    expect(new URL(page.url()).pathname).toBe(`${LIST}/add`);

    // "More details" reveals the phone and the rest.
    await dialog.getByText("More details", { exact: true }).click();
    await phone.waitFor({ state: "visible" });
    await field(dialog, "Name").fill("Ana Ortega");
    await field(dialog, "E-mail").fill("Ana.Ortega@Example.com");
    await phone.fill("+1 416 555 0199");
    await field(dialog, "Occupation or position").fill("Architect");
    await field(dialog, "Meet place").fill("Spring Fair 2026");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await toast(page, "added")).toContain("Contact added.");
    const id = Number(new URL(page.url()).searchParams.get("cicid"));
    expect(id).toBeGreaterThan(0);
    await page.getByRole("heading", { name: "Ana Ortega", level: 1 }).waitFor();
    expect(await detail(page, "E-mail").textContent()).toBe("ana.ortega@example.com");
    expect(await detail(page, "Phone").textContent()).toBe("+1 416 555 0199");
    expect(await detail(page, "Met at").textContent()).toBe("Spring Fair 2026");

    // Editing, from the profile.
    await dismissToast(page);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(atPath(`${LIST}/edit/${id}`));
    dialog = page.getByRole("dialog", { name: "Edit Ana Ortega" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await field(dialog, "E-mail").inputValue()).toBe("ana.ortega@example.com");
    await field(dialog, "Name").fill("Ana Ortega Ruiz");
    await dialog.getByRole("button", { name: "Save contact" }).click();
    await page.waitForURL((url) => url.pathname === "/user/profile" && url.searchParams.get("cicid") === String(id));
    expect(await toast(page, "saved")).toContain("Contact saved.");
    await page.getByRole("heading", { name: "Ana Ortega Ruiz", level: 1 }).waitFor();
    // Its own e-mail was no duplicate.
    expect(await detail(page, "E-mail").textContent()).toBe("ana.ortega@example.com");

    // The business dialog.
    await dismissToast(page);
    await page.getByRole("link", { name: "Add business details" }).click();
    await page.waitForURL(atPath(`${LIST}/view-business/${id}`));
    dialog = page.getByRole("dialog", { name: "Ana Ortega Ruiz's business" });
    await dialog.waitFor();
    await hydrated(page);
    await field(dialog, "Company").fill("Ortega Architects");
    await field(dialog, "Website").fill("not a web address");
    await dialog.getByRole("button", { name: "Save business" }).click();
    dialog = page.getByRole("dialog", { name: "Ana Ortega Ruiz's business" });
    expect(await fieldErrors(field(dialog, "Website"))).toContain("Enter a web address, for example example.com.");
    await field(dialog, "Website").fill("ortega.example.com");
    await dialog.getByRole("button", { name: "Save business" }).click();
    await page.waitForURL((url) => url.pathname === "/user/profile" && url.searchParams.get("cicid") === String(id));
    expect(await toast(page, "business")).toContain("Ana Ortega Ruiz's business is saved.");
    await page.getByRole("link", { name: "Edit business" }).waitFor();
    expect(await detail(page, "Company").textContent()).toBe("Ortega Architects");
    const website = detail(page, "Website").getByRole("link");
    expect(await website.getAttribute("href")).toBe("https://ortega.example.com");

    // A second contact, met elsewhere.
    const bob = await addContact(page, { name: "Bob Baker", meetPlace: "Golf Club Dinner" });

    // Marking one important from the list: the star is a checkbox. With JS ticking it saves
    // in place; without JS the small Save button below it sends it and the page reloads.
    await visit(page, LIST);
    expect(await cardNames(page)).toEqual(["Ana Ortega Ruiz", "Bob Baker"]);
    const star = card(page, "Ana Ortega Ruiz").getByRole("checkbox", { name: "Mark Ana Ortega Ruiz as important" });
    expect(await star.isChecked()).toBe(false);
    const save = card(page, "Ana Ortega Ruiz").getByRole("button", { name: "Save the important mark of Ana Ortega Ruiz" });
    expect(await save.count()).toBe(javaScript ? 0 : 1);
    if (!javaScript) {
      // Below the star, not beside it: the card's name and occupation keep their width.
      const starBox = (await card(page, "Ana Ortega Ruiz").locator(".star").boundingBox())!;
      expect((await save.boundingBox())!.y).toBeGreaterThanOrEqual(starBox.y + starBox.height);
    }
    await dismissToast(page);
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest()) documents.push(request.url());
    });
    await star.check();
    if (!javaScript) await save.click();
    expect(await toast(page, "important")).toContain("Ana Ortega Ruiz is marked important.");
    expect(documents.length > 0).toBe(!javaScript);
    expect(await star.isChecked()).toBe(true);
    expect(await card(page, "Bob Baker").getByRole("checkbox", { name: "Mark Bob Baker as important" }).isChecked()).toBe(false);
    // It was saved: the list loaded afresh shows it ticked.
    await visit(page, LIST);
    expect(await star.isChecked()).toBe(true);

    // Only the important ones (the sort and filters are folded on a phone's screen).
    await dismissToast(page);
    await page.getByText("Sort and filter", { exact: true }).click();
    await page.getByLabel("Important only").check();
    if (!javaScript) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("important") === "1");
    await page.getByRole("heading", { name: "1 contact found" }).waitFor();
    expect(await cardNames(page)).toEqual(["Ana Ortega Ruiz"]);

    // Searching by meet place: the address gets ?meet_place= and the results are replaced
    // (with JS without loading a new document).
    await visit(page, LIST);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // On a phone it is folded under "More searches" (unfolded when in use).
    await page.getByText("More searches", { exact: true }).click();
    const search = page.getByRole("search", { name: "Search by meet place" });
    await search.getByLabel("Search by meet place").fill("golf club");
    if (!javaScript) await search.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === LIST && url.searchParams.get("meet_place") === "golf club");
    await page.getByRole("heading", { name: "1 contact found" }).waitFor();
    expect(await cardNames(page)).toEqual(["Bob Baker"]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false)).toBe(javaScript);
    expect(await search.getByLabel("Search by meet place").inputValue()).toBe("golf club");

    // Editing and deleting from the found list: the list behind each dialog is the found one,
    // and closing or cancelling it goes back to it.
    const foundList = (url: URL) => url.pathname === LIST && url.searchParams.get("meet_place") === "golf club";
    await card(page, "Bob Baker").getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(atPath(`${LIST}/edit/${bob}`));
    await page.getByRole("dialog", { name: "Edit Bob Baker" }).waitFor();
    await hydrated(page);
    expect(await cardNames(page)).toEqual(["Bob Baker"]);
    await page.getByRole("dialog").getByRole("link", { name: "Close" }).click();
    await page.waitForURL(foundList);
    await page.getByRole("dialog").waitFor({ state: "detached" });
    await card(page, "Bob Baker").locator("details.menu > summary").click();
    await card(page, "Bob Baker").getByRole("link", { name: "Delete" }).click();
    await page.waitForURL(atPath(`${LIST}/${bob}/delete`));
    let confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await cardNames(page)).toEqual(["Bob Baker"]);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL(foundList);
    await confirm.waitFor({ state: "detached" });

    // Deleting, through the confirm dialog: back to the found list, now with nobody in it.
    await card(page, "Bob Baker").locator("details.menu > summary").click();
    await card(page, "Bob Baker").getByRole("link", { name: "Delete" }).click();
    await page.waitForURL(atPath(`${LIST}/${bob}/delete`));
    confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("Are you sure you want to delete the contact “Bob Baker”?");
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    expect(await toast(page, "deleted")).toContain("Contact Bob Baker deleted.");
    await page.waitForURL(foundList);
    await card(page, "Bob Baker").waitFor({ state: "detached" });
    await page.getByRole("heading", { name: "No contacts found" }).waitFor();
    await visit(page, LIST);
    expect(await cardNames(page)).toEqual(["Ana Ortega Ruiz"]);
    expect((await page.request.get(`/user/profile?cicid=${bob}`)).status()).toBe(404);
  });

  test(
    javaScript ? "a duplicate e-mail is shown as the member leaves the field, before sending" : "a duplicate e-mail is shown next to the field after sending",
    async () => {
      const page = await browser.newPage({ javaScript });
      await signUp(page, { name: "Dora Duplicate", email: uniqueEmail("duplicates") });
      await addContact(page, { name: "Ana Ortega", email: "ana@example.com" });

      const dialog = await openAddDialog(page);
      await field(dialog, "Name").fill("Another Ana");
      const email = field(dialog, "E-mail");
      await email.fill("ANA@example.com");
      const message = "You already have a contact with this e-mail: Ana Ortega.";
      if (javaScript) {
        const checked = page.waitForResponse((response) => new URL(response.url()).pathname === "/user/ajax/check_contact_and_invite");
        await email.press("Tab");
        expect((await checked).status()).toBe(200);
        expect(await fieldErrors(email)).toContain(message);
        // Sending is blocked while the error stands: nothing is posted.
        const posts: string[] = [];
        page.on("request", (request) => {
          if (request.method() === "POST" && new URL(request.url()).pathname === `${LIST}/add`) posts.push(request.url());
        });
        await dialog.getByRole("button", { name: "Add contact" }).click();
        await page.waitForTimeout(500);
        expect(posts).toEqual([]);
        expect(new URL(page.url()).pathname).toBe(`${LIST}/add`);
        expect(await fieldErrors(email)).toContain(message);
      } else {
        await dialog.getByRole("button", { name: "Add contact" }).click();
        expect(await fieldErrors(page.getByRole("dialog").getByLabel("E-mail", { exact: true }))).toContain(message);
      }

      // Another address goes through, also sent with Enter straight from the field.
      const retry = page.getByRole("dialog", { name: "Add a contact" });
      await field(retry, "E-mail").fill("another.ana@example.com");
      await field(retry, "E-mail").press("Enter");
      await page.waitForURL(atPath("/user/profile"));
      expect(await toast(page, "added")).toContain("Contact added.");
      await page.getByRole("heading", { name: "Another Ana", level: 1 }).waitFor();
    },
  );

  test("a malformed e-mail is answered next to the field, with SPEC.md §5's message", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Eve Email", email: uniqueEmail("bademail") });
    let dialog = await openAddDialog(page);
    await field(dialog, "Name").fill("Ana Ortega");
    await field(dialog, "E-mail").fill("ana@example");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    dialog = page.getByRole("dialog", { name: "Add a contact" });
    expect(await fieldErrors(field(dialog, "E-mail"))).toContain("Please provide a valid email address.");
    expect(new URL(page.url()).pathname).toBe(`${LIST}/add`);
    // What was typed is still there; once corrected the contact is added.
    expect(await field(dialog, "Name").inputValue()).toBe("Ana Ortega");
    await field(dialog, "E-mail").fill("ana@example.com");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await toast(page, "added")).toContain("Contact added.");
  });

  test("a contact is added with a profile image, shown on the profile and in the grid; a refused image is answered beside the field", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Ivy Image", email: uniqueEmail("addimage") });
    let dialog = await openAddDialog(page);
    await field(dialog, "Name").fill("Grace Hopper");
    await field(dialog, "E-mail").fill("grace@example.com");

    if (javaScript) {
      // Over the limit: refused as it is chosen, before anything is sent.
      const posts: string[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname === `${LIST}/add`) posts.push(request.url());
      });
      const huge = await noisyPng(900, 900);
      await field(dialog, "Profile image").setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: huge });
      expect(await fieldErrors(field(dialog, "Profile image"))).toContain("Upload error: huge.png: The file is too large: the limit is 2 MB.");
      await dialog.getByRole("button", { name: "Add contact" }).click();
      expect(await fieldErrors(field(dialog, "Profile image"))).toContain("too large");
      expect(posts).toEqual([]);
    }

    // Not an image, whatever its name says: the server refuses it; nothing typed is lost.
    await field(dialog, "Profile image").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("only some text") });
    await dialog.getByRole("button", { name: "Add contact" }).click();
    dialog = page.getByRole("dialog", { name: "Add a contact" });
    expect(await fieldErrors(field(dialog, "Profile image"))).toContain("Upload error: notes.png: Its content is not an image");
    expect(new URL(page.url()).pathname).toBe(`${LIST}/add`);
    expect(await field(dialog, "Name").inputValue()).toBe("Grace Hopper");
    expect(await field(dialog, "E-mail").inputValue()).toBe("grace@example.com");

    await field(dialog, "Profile image").setInputFiles({ name: "grace.png", mimeType: "image/png", buffer: await png(120, 120) });
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await toast(page, "added")).toContain("Contact added.");
    await page.getByRole("heading", { name: "Grace Hopper", level: 1 }).waitFor();
    const avatar = page.locator(".contact-card-head img.avatar");
    const src = (await avatar.getAttribute("src"))!;
    expect(src).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toMatch(/^image\//);

    await visit(page, LIST);
    expect(await card(page, "Grace Hopper").locator("img.avatar").getAttribute("src")).toBe(src);
    // Only the one contact was added, and only once.
    expect(await cardNames(page)).toEqual(["Grace Hopper"]);
  });

  test("a phone number without +country code is read in the country chosen for the contact", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Phil Phone", email: uniqueEmail("phone") });
    const dialog = await openAddDialog(page);
    await field(dialog, "Name").fill("Carl Canada");
    await moreDetails(dialog);
    const phone = field(dialog, "Phone");
    await phone.fill("416 555 0199");
    if (javaScript) {
      // Leaving the field before a country is chosen: not a number anywhere yet.
      await phone.press("Tab");
      expect(await fieldErrors(phone)).toContain("Please provide a valid phone number.");
    }
    await field(dialog, "Country").selectOption({ label: "Canada" });
    // With JS the number is checked again in that country: the error goes.
    if (javaScript) await dialog.getByText("Please provide a valid phone number.").waitFor({ state: "detached" });
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await toast(page, "added")).toContain("Contact added.");
    expect(await detail(page, "Phone").textContent()).toBe("+1 416 555 0199");
  });
});
