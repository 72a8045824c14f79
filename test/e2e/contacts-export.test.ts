import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { hydrated, modes, signUp, uniqueEmail, useBrowser, visit } from "./browser";

// The contact list's export links (CSV and vCard) carry the list's search and filters: the
// file holds exactly the contacts the member sees, or all of them when nothing is filtered.

const browser = useBrowser();
const LIST = "/user/contacts";

async function seedContact(page: Page, csrf: string, fields: Record<string, string>) {
  const saved = await page.request.post("/user/contacts/save_changes", { form: { csrf, ...fields }, headers: { Accept: "application/json" } });
  expect(saved.status()).toBe(200);
  const { url } = (await saved.json()) as { url: string };
  return Number(new URL(url, "http://x").searchParams.get("cicid"));
}

/** Clicks an export link (a plain link with `download`, so the same with or without JS) and
 * returns the downloaded file's name and text. */
async function download(page: Page, name: "CSV" | "vCard") {
  const link = page.locator("p.export-links").getByRole("link", { name, exact: true });
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
  return { fileName: file.suggestedFilename(), text: Buffer.concat(chunks).toString("utf8") };
}

/** The Name column of an exported CSV (our own export: no quoted commas in these names). */
function csvNames(text: string) {
  const [header, ...rows] = text.trim().split("\r\n");
  expect(header.split(",")[0]).toBe("Name");
  return rows.map((row) => row.split(",")[0]);
}

function vcardNames(text: string) {
  return [...text.matchAll(/^FN:(.*)$/gm)].map((match) => match[1].trim());
}

describe.each(modes)("contact export $name", ({ javaScript }) => {
  test("the CSV and vCard links export all contacts, or exactly those the search and filters show", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Erin Export", email: uniqueEmail("export") });
    await visit(page, LIST);
    const csrf = await page.locator('input[name="csrf"]').first().inputValue();
    const ana = await seedContact(page, csrf, { name: "Ana Ortega", email: "ana@example.com", occupation: "Architect" });
    await seedContact(page, csrf, { name: "Bob Baker", email: "bob@example.com", occupation: "Baker" });
    await seedContact(page, csrf, { name: "Cara Cruz", email: "cara@example.com", occupation: "Architect" });
    const landlord = await page.request.post(`${LIST}/${ana}/category/real-estate`, { form: { csrf, category: "landlord" }, maxRedirects: 0 });
    expect(landlord.status()).toBe(302);

    // Nothing filtered: every contact.
    await visit(page, LIST);
    await page.locator("p.export-links").getByText("Export all contacts").waitFor();
    let file = await download(page, "CSV");
    expect(file.fileName).toMatch(/^chapter-contacts-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csvNames(file.text)).toEqual(["Ana Ortega", "Bob Baker", "Cara Cruz"]);

    // A text search: the two architects.
    const search = page.getByRole("search").filter({ has: page.getByLabel("Search contacts", { exact: true }) });
    await search.getByLabel("Search contacts", { exact: true }).fill("architect");
    if (!javaScript) await search.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "architect");
    await page.getByRole("heading", { name: "2 contacts found" }).waitFor();
    await hydrated(page);
    await page.locator("p.export-links").getByText("Export these contacts").waitFor();
    file = await download(page, "CSV");
    expect(csvNames(file.text)).toEqual(["Ana Ortega", "Cara Cruz"]);
    expect(file.text).toContain("ana@example.com");
    expect(file.text).not.toContain("bob@example.com");
    file = await download(page, "vCard");
    expect(file.fileName).toMatch(/^chapter-contacts-\d{4}-\d{2}-\d{2}\.vcf$/);
    expect(vcardNames(file.text)).toEqual(["Ana Ortega", "Cara Cruz"]);

    // And a filter on top of the search: the one landlord among them.
    await page.getByText("Sort and filter", { exact: true }).click();
    const options = page.locator("form.list-options");
    await options.getByLabel("Real estate").selectOption({ label: "Landlord" });
    if (!javaScript) await options.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((url) => url.searchParams.get("real_estate") === "landlord" && url.searchParams.get("q") === "architect");
    await page.getByRole("heading", { name: "1 contact found" }).waitFor();
    await page.waitForFunction(() => document.querySelector("p.export-links a[href*='landlord']") !== null);
    file = await download(page, "vCard");
    expect(vcardNames(file.text)).toEqual(["Ana Ortega"]);
    expect(file.text.match(/BEGIN:VCARD/g)).toHaveLength(1);
    expect(file.text).toContain("EMAIL;TYPE=INTERNET:ana@example.com");
    file = await download(page, "CSV");
    expect(csvNames(file.text)).toEqual(["Ana Ortega"]);
  });
});
