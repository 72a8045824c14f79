import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, dismissToast, fieldErrors, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();
const DAY = "2026-11-20";

function journalDay(page: Page) {
  return page.getByRole("region", { name: /November 2026/ });
}

async function openDialog(page: Page, link: string) {
  await page.getByRole("link", { name: link }).click();
  const dialog = page.getByRole("dialog", { name: "Journal · Friday 20 November 2026" });
  await dialog.waitFor();
  await hydrated(page);
  return dialog;
}

describe.each(modes)("journal $name", ({ javaScript }) => {
  test("a member moves between days, writes a day's journal, edits it and prints the day", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Jade Journal", email: uniqueEmail("journal") });
    await followNav(page, "Journal");
    await page.waitForURL(atPath("/user/journal"));
    await hydrated(page);
    await page.getByRole("heading", { name: "Journal", level: 1 }).waitFor();
    const today = await page.getByRole("link", { name: "Today", exact: true }).getAttribute("href");
    expect(today).toMatch(/^\/user\/journal\?date=\d{4}-\d{2}-\d{2}$/);
    await page.getByText("Start writing a new journal…").waitFor();

    // The day before and after, and any date through the date field.
    await page.getByRole("link", { name: "← Previous day" }).click();
    await page.waitForURL((url) => url.searchParams.get("date") !== null && url.searchParams.get("date")! < today!.slice(-10));
    await hydrated(page);
    await page.getByRole("link", { name: "Next day →" }).click();
    await page.waitForURL((url) => url.searchParams.get("date") === today!.slice(-10));
    await hydrated(page);
    await page.getByLabel("Go to a date").fill(DAY);
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("date") === DAY);
    await journalDay(page).getByRole("heading", { name: "Friday 20 November 2026" }).waitFor();
    await hydrated(page);

    // An empty day: the dialog says so, and an empty journal is refused beside the field.
    let dialog = await openDialog(page, "Write the journal");
    expect(await dialog.getByTestId("journal-created").textContent()).toBe("0000-00-00");
    expect(await dialog.getByTestId("journal-updated").textContent()).toBe("0000-00-00");
    const text = dialog.getByLabel("Journal", { exact: true });
    expect(await text.getAttribute("placeholder")).toBe("Start writing a new journal…");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    dialog = page.getByRole("dialog", { name: "Journal · Friday 20 November 2026" });
    expect(await fieldErrors(dialog.getByLabel("Journal", { exact: true }))).toContain("Write your journal before saving.");

    await dialog.getByLabel("Journal", { exact: true }).fill("Met Daniel at the lounge.\nSent him the deck.");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "Journal saved")).toContain("Journal saved under the date 20 Nov 2026");
    await dialog.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("date")).toBe(DAY);
    expect(await page.getByTestId("journal-text").textContent()).toBe("Met Daniel at the lounge.\nSent him the deck.");
    const created = await page.getByTestId("journal-created").textContent();
    expect(created).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    expect(await page.getByRole("list", { name: "Recent days with a journal" }).textContent()).toContain("Friday 20 November 2026");
    await dismissToast(page);

    // Editing starts from what was saved.
    dialog = await openDialog(page, "Edit the journal");
    expect(await dialog.getByTestId("journal-created").textContent()).toBe(created);
    const edit = dialog.getByLabel("Journal", { exact: true });
    expect(await edit.inputValue()).toBe("Met Daniel at the lounge.\nSent him the deck.");
    await edit.fill("Met Daniel and Amara at the lounge.");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(page, "Journal saved")).toContain("Journal saved under the date 20 Nov 2026");
    expect(await page.getByTestId("journal-text").textContent()).toBe("Met Daniel and Amara at the lounge.");
    await dismissToast(page);

    // The print view: the day and its journal; on paper, no header or navigation.
    await page.getByRole("link", { name: "Print this day" }).click();
    await page.waitForURL(atPath(`/user/journal/${DAY}/print`));
    await hydrated(page);
    await page.getByRole("heading", { name: "Friday 20 November 2026", level: 1 }).waitFor();
    expect(await page.getByRole("article").getByTestId("journal-text").textContent()).toBe("Met Daniel and Amara at the lounge.");
    if (javaScript) await page.getByRole("button", { name: "Print", exact: true }).waitFor();
    else await page.getByText("Print this page with your browser's Print command").waitFor();
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: "← Back to the journal" }).isVisible()).toBe(false);
    expect(await page.getByRole("article").isVisible()).toBe(true);
    await page.emulateMedia({ media: "screen" });
    await page.getByRole("link", { name: "← Back to the journal" }).click();
    await page.waitForURL((url) => url.pathname === "/user/journal" && url.searchParams.get("date") === DAY);

    // A date that is not one is answered beside the date field.
    const response = await visit(page, "/user/journal?date=2026-02-30");
    expect(response?.status()).toBe(400);
    expect(await fieldErrors(page.getByLabel("Go to a date"))).toContain("Enter a date as yyyy-mm-dd.");
    await page.getByRole("link", { name: "Go to today's journal" }).click();
    await page.waitForURL((url) => url.searchParams.get("date") === today!.slice(-10));

    // The home page's Planning card leads to today's journal too.
    await visit(page, "/user");
    await page
      .getByRole("region", { name: /^Planning/ })
      .getByRole("link", { name: "Today's journal" })
      .click();
    await page.waitForURL(atPath("/user/journal"));
    expect(await page.getByRole("link", { name: "Today", exact: true }).getAttribute("aria-current")).toBe("page");

    // Another member's same day is their own, empty one.
    const other = await browser.newPage({ javaScript });
    await signUp(other, { name: "Otto Other", email: uniqueEmail("journal-other") });
    await visit(other, `/user/journal?date=${DAY}`);
    await other.getByText("Start writing a new journal…").waitFor();
    expect(await other.getByText("Met Daniel").count()).toBe(0);
    await visit(other, `/user/journal/${DAY}/print`);
    await other.getByText("No journal was written for this day.").waitFor();
    expect(await other.getByText("Met Daniel").count()).toBe(0);
  });
});

describe("journal's SPEC addresses from the page's own script", () => {
  test('save needs the anti-forgery token; show answers "new", then the saved journal', async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Sam Script", email: uniqueEmail("journal-spec") });
    await visit(page, "/user/journal");
    const answers = await page.evaluate(async (day) => {
      const token = (document.querySelector('input[name="csrf"]') as HTMLInputElement).value;
      const save = (fields: Record<string, string>) =>
        fetch("/user/calendercd/savetaskreviewbeforeprintjournal", { method: "POST", body: new URLSearchParams(fields) }).then(async (response) => [
          response.status,
          await response.text(),
        ]);
      const show = () => fetch(`/user/calendercd/showtaskreviewbeforeprintjournal?thisdate=${day}`).then((response) => response.text());
      return {
        before: await show(),
        forged: await save({ text_journal: "Forged", jurnaldate: day }),
        afterForged: await show(),
        saved: await save({ csrf: token, text_journal: "Written by script", jurnaldate: day }),
        after: JSON.parse(await show()),
      };
    }, DAY);
    expect(answers.before).toBe("new");
    expect(answers.forged[0]).toBe(403);
    expect(answers.afterForged).toBe("new");
    expect(answers.saved).toEqual([200, "saved"]);
    expect(answers.after).toMatchObject({ jornal: "Written by script" });
    await visit(page, `/user/journal?date=${DAY}`);
    expect(await page.getByTestId("journal-text").textContent()).toBe("Written by script");
  });
});
