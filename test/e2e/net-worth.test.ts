import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
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

/** The statement's cells of one row (Q1 to Q4). */
async function statementRow(page: Page, label: string) {
  const row = page
    .getByTestId("statement")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) });
  return row.getByRole("cell").allTextContents();
}

async function openDialog(page: Page, link: Locator, name: string) {
  await link.click();
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  await hydrated(page);
  return dialog;
}

/** A row's Edit or Delete link, from the row's menu (opened first: it is a <details>). */
async function rowAction(page: Page, table: string, action: "Edit" | "Delete") {
  const menu = page.getByTestId(table).locator("details.row-menu").first();
  await menu.locator("summary").click();
  return menu.getByRole("link", { name: new RegExp(`^${action}`) });
}

async function addEntry(page: Page, { title, type, values }: { title: string; type: string; values: Record<string, string> }) {
  const dialog = await openDialog(page, page.getByRole("link", { name: "Add asset or liability" }).first(), "Add asset or liability");
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Type", { exact: true }).selectOption({ label: type });
  for (const [quarter, value] of Object.entries(values)) await dialog.getByLabel(quarter).fill(value);
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  expect(await toast(page, title)).toContain(`“${title}” added to your net worth for ${YEAR}.`);
  await dismissToast(page);
}

async function addLine(
  page: Page,
  { link, dialogName, quarter, category, amount }: { link: string; dialogName: string; quarter: string; category: string; amount: string },
) {
  const dialog = await openDialog(page, page.getByRole("link", { name: link, exact: true }), dialogName);
  await dialog.getByLabel("Quarter", { exact: true }).selectOption({ value: quarter });
  await dialog.getByLabel("Category", { exact: true }).selectOption({ label: category });
  await dialog.getByLabel(/^Amount/).fill(amount);
  await dialog.getByRole("button", { name: /^Add / }).click();
  expect(await toast(page, category)).toContain(`${category} (Q${quarter} ${YEAR}) added.`);
  await dismissToast(page);
}

describe.each(modes)("net worth $name", ({ javaScript }) => {
  test("a member keeps a year's assets, liabilities, income and expenses, edits and deletes them, moves between years", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Nora Networth", email: uniqueEmail("networth") });
    await followNav(page, "Net worth");
    await page.waitForURL(atPath("/user/net-worth"));
    await hydrated(page);
    await page.getByText(`Nothing for ${YEAR} yet.`).waitFor();

    // Refused input is answered beside the fields, what was typed kept.
    let dialog = await openDialog(page, page.getByRole("link", { name: "Add asset or liability" }).first(), "Add asset or liability");
    await dialog.getByLabel("Q1 (31 March)").fill("-250");
    await dialog.getByLabel("Q2 (30 June)").fill("12abc");
    await dialog.getByRole("button", { name: "Add", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Add asset or liability" });
    expect(await fieldErrors(dialog.getByLabel("Title", { exact: true }))).toContain("Title is required.");
    expect(await fieldErrors(dialog.getByLabel("Type", { exact: true }))).toContain("Choose a type from the list.");
    expect(await fieldErrors(dialog.getByLabel("Q1 (31 March)"))).toContain("The amount cannot be negative.");
    expect(await fieldErrors(dialog.getByLabel("Q2 (30 June)"))).toContain("Enter an amount like 2500 or 2,500.50.");
    expect(await dialog.getByLabel("Q1 (31 March)").inputValue()).toBe("-250");
    await dialog.getByRole("link", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });

    await addEntry(page, { title: "Family house", type: "Property", values: { "Q1 (31 March)": "250,000", "Q3 (30 September)": "260000" } });
    await addEntry(page, { title: "Mortgage", type: "Mortgage", values: { "Q1 (31 March)": "200000", "Q2 (30 June)": "190000.50" } });
    expect(await statementRow(page, "Net worth")).toEqual(["$50,000", "$59,999.50", "$69,999.50", "$69,999.50"]);
    expect(await statementRow(page, "Net worth change on the quarter before")).toEqual(["—", "+$9,999.50", "+$10,000", "no change"]);
    await page.getByTestId("net-worth-chart").locator("path.chart-line").waitFor({ state: "attached" });

    await addLine(page, { link: "Add income", dialogName: "Add gross income", quarter: "1", category: "Salary and wages", amount: "3000" });
    await addLine(page, { link: "Add expenses", dialogName: "Add expenses", quarter: "1", category: "Housing", amount: "1200.50" });
    expect(await statementRow(page, "Net income")).toEqual(["$1,799.50", "—", "—", "—"]);
    expect(await page.getByTestId("income-expenses-chart").locator("rect.chart-bar").count()).toBe(2);

    // The view dialog shows each quarter's value, carried forward where none was given.
    dialog = await openDialog(page, page.getByRole("link", { name: "Family house", exact: true }), "Family house");
    const values = await dialog.getByTestId("entry-values").textContent();
    expect(values).toContain("Q2 30 June$250,000 (kept from the quarter before)");
    dialog = await openDialog(page, dialog.getByRole("link", { name: "Edit", exact: true }), "Edit Family house");
    expect(await dialog.getByLabel("Q1 (31 March)").inputValue()).toBe("250000");
    await dialog.getByLabel("Q4 (31 December)").fill("275000");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "saved")).toContain("“Family house” saved.");
    await dismissToast(page);
    expect((await statementRow(page, "Total assets"))[3]).toBe("$275,000");

    // Edit an income line.
    dialog = await openDialog(page, await rowAction(page, "income-table", "Edit"), "Edit gross income");
    expect(await dialog.getByLabel(/^Amount/).inputValue()).toBe("3000");
    await dialog.getByLabel(/^Amount/).fill("3500");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "saved")).toContain(`Salary and wages (Q1 ${YEAR}) saved.`);
    await dismissToast(page);
    expect((await statementRow(page, "Net income"))[0]).toBe("$2,299.50");

    // Deleting asks first, naming what goes.
    await (await rowAction(page, "expenses-table", "Delete")).click();
    await confirmDeletion(page, `Are you sure you want to delete the Q1 ${YEAR} expense line “Housing”?`, "/user/net-worth");
    expect(await toast(page, "deleted")).toContain(`Q1 ${YEAR} expense line “Housing” deleted.`);
    await dismissToast(page);
    await (await rowAction(page, "liabilities-table", "Delete")).click();
    await confirmDeletion(page, `Are you sure you want to delete the liability “Mortgage” from your net worth for ${YEAR}?`, "/user/net-worth");
    expect(await toast(page, "deleted")).toContain(`“Mortgage” deleted from your net worth for ${YEAR}.`);
    await dismissToast(page);
    expect(await statementRow(page, "Net worth")).toEqual(["$250,000", "$250,000", "$260,000", "$275,000"]);
    expect(await page.getByTestId("latest-net-worth").textContent()).toBe(`Net worth at the end of Q4 ${YEAR}: $275,000`);

    // The year selector: last year is empty, this year is back with its figures; the year is in the address.
    await chooseYear(page, YEAR - 1);
    await page.getByText(`Nothing for ${YEAR - 1} yet.`).waitFor();
    await hydrated(page);
    await chooseYear(page, YEAR);
    await page.getByTestId("net-worth-entry").first().waitFor();
    await hydrated(page);
    // Against the same quarter a year before there is nothing to compare.
    expect(await statementRow(page, `Net worth change on the same quarter of ${YEAR - 1}`)).toEqual(["—", "—", "—", "—"]);

    // The member's currency.
    dialog = await openDialog(page, page.getByRole("link", { name: /^Currency:/ }), "Currency of your figures");
    await dialog.getByLabel("Currency", { exact: true }).selectOption({ value: "EUR" });
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "EUR")).toContain("Your figures are now in EUR.");
    await dismissToast(page);
    expect((await statementRow(page, "Net worth"))[0]).toBe("€250,000");

    // The home page's Planning card shows this year's latest net worth.
    await visit(page, "/user");
    expect(await page.getByTestId("planning-net-worth").textContent()).toContain("Net worth at the end of Q4: €275,000");
    await page.getByTestId("planning-net-worth").getByRole("link", { name: "Your net worth" }).click();
    await page.waitForURL(atPath("/user/net-worth"));
  });

  test("on a phone a line's Edit and Delete wait in its menu, and the statement says it scrolls sideways", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Phil Phone", email: uniqueEmail("networth-phone") });
    await visit(page, "/user/net-worth");
    await addEntry(page, { title: "Car", type: "Vehicles", values: { "Q1 (31 March)": "9000" } });
    await addLine(page, { link: "Add income", dialogName: "Add gross income", quarter: "1", category: "Salary and wages", amount: "3000" });
    for (const table of ["assets-table", "income-table"]) {
      const rows = page.getByTestId(table);
      expect(await rows.getByRole("link", { name: /^Delete/ }).isVisible()).toBe(false);
      expect(await rows.getByRole("link", { name: /^Edit/ }).isVisible()).toBe(false);
      expect(await (await rowAction(page, table, "Delete")).isVisible()).toBe(true);
    }
    // The statement is wider than a phone: its Q3 and Q4 are announced, not silently cut.
    const statementWrap = page.getByRole("region", { name: `Statement ${YEAR}` });
    expect(await statementWrap.evaluate((wrap) => wrap.scrollWidth > wrap.clientWidth)).toBe(true);
    expect(await page.getByText("Swipe the table sideways for every quarter.").isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.getByText("Swipe the table sideways for every quarter.").isVisible()).toBe(false);
  });

  test("the print page is one clean statement with its charts; the CSV holds the same year", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Pia Print", email: uniqueEmail("networth-print") });
    await followNav(page, "Net worth");
    await page.waitForURL(atPath("/user/net-worth"));
    await hydrated(page);
    await addEntry(page, { title: "Savings", type: "Cash", values: { "Q1 (31 March)": "61000000.25", "Q2 (30 June)": "72800000" } });

    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "CSV", exact: true }).click()]);
    expect(file.suggestedFilename()).toBe(`chapter-net-worth-${YEAR}.csv`);
    const chunks: Buffer[] = [];
    for await (const chunk of (await file.createReadStream())!) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString("utf8");
    expect(csv).toContain("Net worth,61000000.25,72800000.00,72800000.00,72800000.00");
    expect(csv).toContain("Savings,Asset,Cash,61000000.25,72800000.00,,");

    await page.getByRole("link", { name: "Print", exact: true }).click();
    await page.waitForURL(atPath("/user/net-worth/print"));
    await hydrated(page);
    await page.getByRole("heading", { name: `Net worth statement ${YEAR}` }).waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    expect(await page.getByTestId("net-worth-chart").locator("svg").isVisible()).toBe(true);
    expect(await page.getByTestId("income-expenses-chart").locator("svg").isVisible()).toBe(true);
    expect(await page.getByTestId("print-entries").textContent()).toContain("Savings");
    expect(await page.getByRole("button", { name: "Print", exact: true }).count()).toBe(javaScript ? 1 : 0);
    // On a laptop's screen the statement of eight-figure amounts is whole, not cut at its Q4.
    await page.setViewportSize({ width: 1280, height: 800 });
    const statementWrap = page.getByRole("region", { name: `Statement ${YEAR}` });
    expect(await statementWrap.evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBe(0);
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("link", { name: "Back to my net worth" }).isVisible()).toBe(false);
    expect(await page.getByTestId("statement").isVisible()).toBe(true);
    // One A4 sheet: printed, the statement is one page.
    const pdf = (await page.pdf({ format: "A4", printBackground: true })).toString("latin1");
    expect(pdf.match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "Back to my net worth" }).click();
    await page.waitForURL(atPath("/user/net-worth"));
  });
});
