import { describe, expect, test } from "vitest";
import { atPath, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

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
    expect(await toast(page, "is imported")).toContain("contacts.csv is imported.");
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
    expect(await toast(page, "undone")).toContain("The import of contacts.csv is undone.");
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
