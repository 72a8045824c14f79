import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, detail, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();
const LIST = "/user/contacts";

const GOOGLE_CSV = [
  "First Name,Middle Name,Last Name,E-mail 1 - Label,E-mail 1 - Value,Phone 1 - Label,Phone 1 - Value,Organization Name,Organization Title",
  "Katherine,,Johnson,Work,katherine@example.com,Mobile,+1 757 555 0100,NASA,Mathematician",
  "Dorothy,,Vaughan,Work,dorothy@example.com,,,NASA,Supervisor",
  "Nobody,,,Work,not-an-email,,,,",
].join("\n");

describe.each(modes)("contact import $name", ({ javaScript }) => {
  test("upload a Google CSV → mapping preview → confirm → summary → contacts listed → undo → gone", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Ivy Import", email: uniqueEmail("import") });

    // SPEC.md's address opens the dialog over the contact list.
    await visit(page, "/user/contact/file_import");
    await page.waitForURL(atPath(`${LIST}/import`));
    await visit(page, LIST);
    await page.getByRole("link", { name: "Import contacts" }).click();
    await page.waitForURL(atPath(`${LIST}/import`));
    let dialog = page.getByRole("dialog", { name: "Import contacts" });
    await dialog.waitFor();
    await hydrated(page);

    await dialog.getByLabel("File").setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(GOOGLE_CSV) });
    await dialog.getByRole("button", { name: "Upload and preview" }).click();
    await page.waitForURL((url) => /^\/user\/contacts\/import\/\d+$/.test(url.pathname));
    dialog = page.getByRole("dialog", { name: "Import contacts: check the columns" });
    await dialog.waitFor();
    await hydrated(page);
    const importPath = new URL(page.url()).pathname;

    // Google's headers are mapped already; the member ignores the job titles.
    expect(await dialog.getByLabel("Field for column First Name").inputValue()).toBe("first_name");
    expect(await dialog.getByLabel("Field for column E-mail 1 - Value").inputValue()).toBe("email");
    expect(await dialog.getByLabel("Field for column Phone 1 - Value").inputValue()).toBe("phone");
    expect(await dialog.getByLabel("Field for column Organization Name").inputValue()).toBe("company");
    expect(await dialog.getByLabel("Field for column E-mail 1 - Label").inputValue()).toBe("ignore");
    // "Middle Name" is empty in every row: left out.
    expect(await dialog.getByLabel("Field for column Middle Name").count()).toBe(0);
    await dialog.getByLabel("Field for column Organization Title").selectOption("ignore");
    expect(await dialog.getByRole("cell", { name: "katherine@example.com" }).count()).toBe(1);
    await dialog.getByLabel(/Skip them/).check();
    await dialog.getByRole("button", { name: "Import 3 rows" }).click();

    dialog = page.getByRole("dialog", { name: "Import summary" });
    await dialog.waitFor();
    expect(await toast(page, "imported")).toContain("contacts.csv imported.");
    const counts = dialog.getByRole("list", { name: "Import summary" });
    expect(await counts.textContent()).toMatch(/2\s*imported.*0\s*updated.*0\s*skipped.*1\s*rejected/);
    expect(await dialog.getByText("Line 4: Please provide a valid email address.").count()).toBe(1);
    await hydrated(page);

    await dialog.getByRole("link", { name: "Show my contacts" }).click();
    await page.waitForURL(atPath(LIST));
    await page.getByRole("link", { name: "Katherine Johnson", exact: true }).waitFor();
    expect(await page.getByTestId("contact-card").count()).toBe(2);
    expect(await page.getByTestId("contact-card").filter({ hasText: "Mathematician" }).count()).toBe(0);

    // Undo, from the summary (found again under "Your latest imports").
    await visit(page, `${LIST}/import`);
    await page.getByRole("dialog", { name: "Import contacts" }).getByRole("link", { name: "contacts.csv" }).click();
    await page.waitForURL(atPath(importPath));
    await hydrated(page);
    await page.getByRole("dialog", { name: "Import summary" }).getByRole("link", { name: "Undo this import" }).click();
    await page.waitForURL(atPath(`${importPath}/undo`));
    const confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("Are you sure you want to undo this import?");
    await confirm.getByRole("button", { name: "Yes, undo" }).click();
    await page.waitForURL(atPath(LIST));
    expect(await toast(page, "undone")).toContain("Import of contacts.csv undone.");
    await page.getByText("Your contact book is empty.").waitFor();
  });

  test("a damaged file is refused with its reason and nothing is imported", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Dan Damaged", email: uniqueEmail("import-bad") });
    await visit(page, `${LIST}/import`);
    const dialog = page.getByRole("dialog", { name: "Import contacts" });
    await dialog.getByLabel("File").setInputFiles({
      name: "broken.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('Name,E-mail\nAda,ada@example.com\n"Grace,grace@example.com\n'),
    });
    await dialog.getByRole("button", { name: "Upload and preview" }).click();
    const alert = page.getByRole("dialog", { name: "Import contacts" }).getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("a quoted value that starts on line 3 is never closed");
    await visit(page, LIST);
    await page.getByText("Your contact book is empty.").waitFor();
  });
});

const VCARDS = [
  "BEGIN:VCARD",
  "VERSION:3.0",
  "FN:Katherine Johnson",
  "N:Johnson;Katherine;;;",
  // A long line folded onto the next, as phones write them.
  "EMAIL;TYPE=INTERNET:katherine@exam",
  " ple.com",
  "TEL;TYPE=WORK:+1 757 555 0100",
  "ORG:NASA",
  "TITLE:Mathematician",
  "END:VCARD",
  "BEGIN:VCARD",
  "VERSION:4.0",
  "FN:Mary Jackson",
  "item1.EMAIL;PREF=1:mary@example.com",
  "END:VCARD",
].join("\r\n");

const LINKEDIN_CSV = [
  "Notes:",
  '"When exporting your connection data, you may notice that some of the email addresses are missing."',
  "",
  "First Name,Last Name,URL,Email Address,Company,Position,Connected On",
  "Ada,Lovelace,https://www.linkedin.com/in/ada,ada@example.com,Analytical Engines,Countess,01 Jan 2024",
  "Grace,Hopper,https://www.linkedin.com/in/grace,GRACE@example.com,US Navy,Rear Admiral,02 Feb 2024",
].join("\n");

/** Uploads a file in the import dialog and returns the mapping step's dialog. */
async function uploadForPreview(page: Page, file: { name: string; mimeType: string; text: string }) {
  await visit(page, `${LIST}/import`);
  const dialog = page.getByRole("dialog", { name: "Import contacts" });
  await dialog.getByLabel("File").setInputFiles({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.text) });
  await dialog.getByRole("button", { name: "Upload and preview" }).click();
  await page.waitForURL((url) => /^\/user\/contacts\/import\/\d+$/.test(url.pathname));
  const preview = page.getByRole("dialog", { name: "Import contacts: check the columns" });
  await preview.waitFor();
  await hydrated(page);
  return preview;
}

function card(page: Page, name: string) {
  return page.getByTestId("contact-card").filter({ has: page.getByRole("link", { name, exact: true }) });
}

describe.each(modes)("contact import, other files and merging $name", ({ javaScript }) => {
  test("a vCard file (.vcf): its properties are mapped, the cards imported", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Vera Vcard", email: uniqueEmail("import-vcf") });
    const dialog = await uploadForPreview(page, { name: "phone.vcf", mimeType: "text/vcard", text: VCARDS });

    expect(await dialog.textContent()).toContain("phone.vcf: 2 rows.");
    expect(await dialog.getByLabel("Field for column Name").inputValue()).toBe("name");
    expect(await dialog.getByLabel("Field for column E-mail").inputValue()).toBe("email");
    expect(await dialog.getByLabel("Field for column Phone").inputValue()).toBe("phone");
    expect(await dialog.getByLabel("Field for column Company").inputValue()).toBe("company");
    expect(await dialog.getByLabel("Field for column Title").inputValue()).toBe("occupation");
    // The folded e-mail is read whole; properties no card has are left out.
    expect(await dialog.getByRole("cell", { name: "katherine@example.com" }).count()).toBe(1);
    expect(await dialog.getByLabel("Field for column Street").count()).toBe(0);
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();

    const summary = page.getByRole("dialog", { name: "Import summary" });
    await summary.waitFor();
    expect(await toast(page, "imported")).toContain("phone.vcf imported.");
    expect(await summary.getByRole("list", { name: "Import summary" }).textContent()).toMatch(/2\s*imported.*0\s*updated.*0\s*skipped.*0\s*rejected/);
    await hydrated(page);
    await summary.getByRole("link", { name: "Show my contacts" }).click();
    await page.waitForURL(atPath(LIST));
    await page.getByRole("heading", { name: "2 contacts" }).waitFor();
    const katherine = card(page, "Katherine Johnson");
    expect(await katherine.textContent()).toContain("Mathematician");
    expect(await katherine.textContent()).toContain("NASA");
    await card(page, "Mary Jackson").waitFor();
    await katherine.getByRole("link", { name: "Katherine Johnson", exact: true }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await detail(page, "E-mail").textContent()).toBe("katherine@example.com");
    expect(await detail(page, "Phone").textContent()).toBe("+1 757 555 0100");
  });

  test("LinkedIn's export is recognised; Merge fills in a contact with the same e-mail (counted as updated); undo restores it", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Mia Merge", email: uniqueEmail("import-merge") });
    // Grace is already a contact, with an occupation of her own and no company.
    await visit(page, LIST);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const saved = await page.request.post("/user/contacts/save_changes", {
      form: { csrf, name: "Grace Hopper", email: "grace@example.com", occupation: "Admiral" },
      headers: { Accept: "application/json" },
    });
    expect(saved.status()).toBe(200);

    const dialog = await uploadForPreview(page, { name: "Connections.csv", mimeType: "text/csv", text: LINKEDIN_CSV });
    // The header row under LinkedIn's note is found, and its headers mapped.
    expect(await dialog.getByLabel("Field for column First Name").inputValue()).toBe("first_name");
    expect(await dialog.getByLabel("Field for column Last Name").inputValue()).toBe("last_name");
    expect(await dialog.getByLabel("Field for column Email Address").inputValue()).toBe("email");
    expect(await dialog.getByLabel("Field for column Company").inputValue()).toBe("company");
    expect(await dialog.getByLabel("Field for column Position").inputValue()).toBe("occupation");
    expect(await dialog.getByLabel("Field for column URL").inputValue()).toBe("website");
    expect(await dialog.getByLabel("Field for column Connected On").inputValue()).toBe("ignore");
    const firstRow = dialog.getByRole("row").filter({ hasText: "ada@example.com" });
    expect(await firstRow.getByRole("cell").first().textContent()).toBe("5");
    await dialog.getByLabel(/Merge them/).check();
    await dialog.getByRole("button", { name: "Import 2 rows" }).click();

    let summary = page.getByRole("dialog", { name: "Import summary" });
    await summary.waitFor();
    expect(await toast(page, "imported")).toContain("Connections.csv imported.");
    expect(await summary.getByRole("list", { name: "Import summary" }).textContent()).toMatch(/1\s*imported.*1\s*updated.*0\s*skipped.*0\s*rejected/);
    const importPath = new URL(page.url()).pathname;

    // Grace keeps her name and occupation and gains the company; Ada is new.
    await visit(page, LIST);
    await page.getByRole("heading", { name: "2 contacts" }).waitFor();
    let grace = card(page, "Grace Hopper");
    expect(await grace.textContent()).toContain("Admiral");
    expect(await grace.textContent()).not.toContain("Rear Admiral");
    expect(await grace.textContent()).toContain("US Navy");
    expect(await card(page, "Ada Lovelace").textContent()).toContain("Analytical Engines");

    // Undo: Ada goes, Grace is as she was before the import.
    await visit(page, importPath);
    summary = page.getByRole("dialog", { name: "Import summary" });
    await summary.getByRole("link", { name: "Undo this import" }).click();
    await page.waitForURL(atPath(`${importPath}/undo`));
    const confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("The fields it filled in on 1 contact you already had are emptied again");
    await confirm.getByRole("button", { name: "Yes, undo" }).click();
    await page.waitForURL(atPath(LIST));
    expect(await toast(page, "undone")).toContain("Import of Connections.csv undone.");
    await page.getByRole("heading", { name: "1 contact" }).waitFor();
    grace = card(page, "Grace Hopper");
    expect(await grace.textContent()).toContain("Admiral");
    expect(await grace.textContent()).not.toContain("US Navy");
    expect(await card(page, "Ada Lovelace").count()).toBe(0);
  });
});
