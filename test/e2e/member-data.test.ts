import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { unzip } from "../zip";
import {
  addContact,
  atPath,
  fieldErrors,
  formError,
  modes,
  PASSWORD,
  signInHome,
  signUp,
  submitSignIn,
  toast,
  uniqueEmail,
  useBrowser,
  visit,
} from "./browser";

// Settings → Account: "Download my data" (a plain link to a zip) and "Delete my
// account" (a dialog asking for the password), with JavaScript and without.

const browser = useBrowser();
const SECURITY = "/user/settings/security";

async function downloadMyData(page: Page) {
  await visit(page, SECURITY);
  const link = page.getByRole("link", { name: "Download my data" });
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
  return { fileName: file.suggestedFilename(), entries: await unzip(Buffer.concat(chunks)) };
}

describe.each(modes)("a member's data and leaving $name", ({ javaScript }) => {
  test("Download my data gives one zip with the member's contacts, and nobody else's", async () => {
    const other = await browser.newPage({ javaScript });
    await signUp(other, { name: "Otto Other", email: uniqueEmail("mydata") });
    await addContact(other, "Otto's Contact");

    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Dana Download", email: uniqueEmail("mydata") });
    await addContact(page, "Dana's Contact");
    const { fileName, entries } = await downloadMyData(page);
    expect(fileName).toMatch(/^chapter-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const csv = entries.get("contacts/contacts.csv")?.toString("utf8") ?? "";
    expect(csv).toContain("Dana's Contact");
    expect(csv).not.toContain("Otto's Contact");
    expect(entries.get("contacts/contacts.vcf")?.toString("utf8")).toContain("FN:Dana's Contact");
    expect(JSON.parse(entries.get("account/account.json")!.toString()).account.name).toBe("Dana Download");
  });

  test("Delete my account asks for the password, then signs the member out everywhere for good", async () => {
    const email = uniqueEmail("leaving");
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Lena Leaving", email });
    const otherDevice = await browser.newPage({ javaScript });
    await signInHome(otherDevice, { email });

    await visit(page, SECURITY);
    await page.getByRole("link", { name: "Delete my account" }).click();
    await page.waitForURL(atPath(`${SECURITY}/delete-account`));
    const dialog = page.getByRole("dialog", { name: "Delete my account" });
    await dialog.waitFor();
    await dialog.getByLabel("Your password", { exact: true }).fill("not my password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    expect(await fieldErrors(page.getByRole("dialog", { name: "Delete my account" }).getByLabel("Your password", { exact: true }))).toContain(
      "That is not your password.",
    );

    const again = page.getByRole("dialog", { name: "Delete my account" });
    await again.getByLabel("Your password", { exact: true }).fill(PASSWORD);
    await again.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL(atPath("/"));
    expect(await toast(page, "Your account has been deleted.")).toContain("Thank you for being a member of Chapter.");

    // The other device is signed out, and the address and password no longer sign in.
    await otherDevice.goto("/user");
    await otherDevice.waitForURL(atPath("/signin"));
    await submitSignIn(otherDevice, { email });
    await formError(otherDevice, "The e-mail or password is not right.");
    expect(new URL(otherDevice.url()).pathname).toBe("/signin");
  });
});
