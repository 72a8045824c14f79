import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { AGREEMENT } from "~/features/proposals/constants";
import { atPath, dismissToast, fieldErrors, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit, visitBeforeScripts } from "./browser";

const browser = useBrowser();

describe.each(modes)("proposals $name", ({ javaScript }) => {
  // Entries are seen by every member: each run's names are its own.
  const business = `Green Mill ${javaScript ? "(JS)" : "(no JS)"} ${Date.now()}`;

  test("entries on both sides, connect, update, decline, accept, and delete with an open connection", async () => {
    // Ada, an entrepreneur, adds her venture; bad input is answered beside the fields.
    const ada = await browser.newPage({ javaScript });
    await signUp(ada, { name: "Ada Mill", email: uniqueEmail("ada") });
    await followNav(ada, "Entrepreneurs");
    await ada.waitForURL(atPath("/user/entrepreneurs"));
    await hydrated(ada);
    await ada.getByRole("link", { name: "Add my venture" }).first().click();
    let dialog = ada.getByRole("dialog", { name: "New entrepreneur entry" });
    await dialog.waitFor();
    await hydrated(ada);
    await dialog.getByLabel("Business", { exact: true }).fill(business);
    await dialog.getByLabel("Sector", { exact: true }).selectOption({ label: "Agriculture and food" });
    await dialog.getByLabel("Country", { exact: true }).selectOption({ label: "Nigeria" });
    await dialog.getByLabel(/^Amount sought/).fill("-25000");
    await dialog.getByLabel("Term (months)", { exact: true }).fill("24");
    await dialog.getByLabel("Rate offered (% a year)", { exact: true }).fill("12.5");
    await dialog.getByLabel("Purpose", { exact: true }).fill("A second cassava mill.");
    await dialog.getByRole("button", { name: "Create entry" }).click();
    dialog = ada.getByRole("dialog", { name: "New entrepreneur entry" });
    expect(await fieldErrors(dialog.getByLabel(/^Amount sought/))).toContain("The amount cannot be below zero.");
    expect(await dialog.getByLabel(/^Amount sought/).inputValue()).toBe("-25000");
    await dialog.getByLabel(/^Amount sought/).fill("25000");
    await dialog
      .getByLabel("Add a document", { exact: true })
      .setInputFiles({ name: "plan.txt", mimeType: "text/plain", buffer: Buffer.from("Business plan\nYear one: 40 tonnes.\n") });
    await dialog.getByRole("button", { name: "Create entry" }).click();
    expect(await toast(ada, "created")).toContain("Entrepreneur entry created.");
    const view = ada.getByRole("dialog", { name: business });
    await view.waitFor();
    const entryPath = new URL(ada.url()).pathname;
    expect(await view.getByRole("link", { name: "plan.txt" }).count()).toBe(1);
    await dismissToast(ada);

    // Ben, an investor, offers loans; a minimum above the maximum is refused beside the field.
    const ben = await browser.newPage({ javaScript });
    await signUp(ben, { name: "Ben Capital", email: uniqueEmail("ben"), memberType: "Investor" });
    await followNav(ben, "Investors");
    await ben.waitForURL(atPath("/user/investors"));
    await hydrated(ben);
    await ben.getByRole("link", { name: "Offer loans" }).first().click();
    dialog = ben.getByRole("dialog", { name: "New investor entry" });
    await dialog.waitFor();
    await hydrated(ben);
    await dialog.getByLabel(/^Amount available/).fill("100000");
    await dialog.getByLabel(/^Minimum ticket/).fill("60000");
    await dialog.getByLabel(/^Maximum ticket/).fill("50000");
    await dialog.getByLabel("Term (months)", { exact: true }).fill("36");
    await dialog.getByLabel("Rate expected (% a year)", { exact: true }).fill("10");
    await dialog.getByLabel("Agriculture and food").check();
    await dialog.getByRole("button", { name: "Create entry" }).click();
    dialog = ben.getByRole("dialog", { name: "New investor entry" });
    expect(await fieldErrors(dialog.getByLabel(/^Maximum ticket/))).toContain("The maximum ticket cannot be below the minimum.");
    await dialog.getByLabel(/^Minimum ticket/).fill("5000");
    if (!javaScript) await dialog.getByLabel("Agriculture and food").check();
    await dialog.getByRole("button", { name: "Create entry" }).click();
    expect(await toast(ben, "created")).toContain("Investor entry created.");
    await dismissToast(ben);

    // Ben finds Ada's venture with the filters kept in the address and opens its loan view.
    await visit(ben, "/user/entrepreneurs");
    // The filter is one row of one-line fields: the amount boxes as tall as the selects.
    const boxHeight = async (label: string | RegExp) => (await ben.getByLabel(label, { exact: typeof label === "string" }).boundingBox())!.height;
    const selectHeight = await boxHeight("Sector");
    for (const amount of [/^Amount from/, /^Amount up to/]) expect(Math.abs((await boxHeight(amount)) - selectHeight)).toBeLessThan(8);
    await ben.getByLabel("Sector", { exact: true }).selectOption({ label: "Agriculture and food" });
    await ben.getByLabel(/^Amount from/).fill("20000");
    await ben.getByRole("button", { name: "Filter", exact: true }).click();
    await ben.waitForURL((url) => url.searchParams.get("sector") === "agriculture" && url.searchParams.get("min") === "20000");
    await ben.getByRole("link", { name: business }).click();
    await ben.getByRole("dialog", { name: business }).waitFor();
    await hydrated(ben);
    // Not connected yet: the documents are Ada's and her counterparts' only.
    expect(await ben.getByRole("link", { name: "plan.txt" }).count()).toBe(0);
    await ben.getByRole("dialog", { name: business }).getByRole("link", { name: "Connect" }).click();
    dialog = ben.getByRole("dialog", { name: "Connect with Ada Mill" });
    await dialog.waitFor();
    await hydrated(ben);
    await dialog.getByLabel("Message", { exact: true }).fill("Happy to lend for the mill.");
    await dialog.getByRole("button", { name: "Connect" }).click();
    expect(await fieldErrors(dialog.getByLabel(AGREEMENT))).toContain("Tick the agreement to connect.");
    await dialog.getByLabel(AGREEMENT).check();
    await dialog.getByRole("button", { name: "Connect" }).click();
    if (javaScript) {
      // The answer is shown, the button stays disabled, and the investor lands after 1 s.
      // Both at once: the page moves on a second later.
      await ben.waitForFunction(() => {
        const shown = document.querySelector("dialog [role=status]")?.textContent === "Proposal sent to Ada Mill.";
        return shown && document.querySelector<HTMLButtonElement>("dialog button[type=submit]")?.disabled === true;
      });
      const sentAt = Date.now();
      await ben.waitForURL((url) => url.pathname.startsWith("/user/connections/"));
      expect(Date.now() - sentAt).toBeGreaterThan(500);
    } else {
      expect(await toast(ben, "sent")).toContain("Proposal sent to Ada Mill.");
    }
    await ben.waitForURL((url) => url.pathname.startsWith("/user/connections/"));
    const connectionPath = new URL(ben.url()).pathname;
    await ben.getByTestId("connection-status").filter({ hasText: "Waiting for Ada Mill's answer" }).waitFor();

    // Connecting again reads Update, with the message prefilled and the agreement ticked.
    await visit(ben, `${entryPath}/connect`);
    dialog = ben.getByRole("dialog", { name: "Connect with Ada Mill" });
    expect(await dialog.getByLabel("Message", { exact: true }).inputValue()).toBe("Happy to lend for the mill.");
    expect(await dialog.getByLabel(AGREEMENT).isChecked()).toBe(true);
    await dialog.getByLabel("Message", { exact: true }).fill("Happy to lend: 10 % over 36 months.");
    await dialog.getByRole("button", { name: "Update" }).click();
    await ben.waitForURL(atPath(connectionPath));
    await ben.getByText("Happy to lend: 10 % over 36 months.").waitFor();

    // Ada sees it waiting for her answer and declines.
    await visit(ada, "/user/connections");
    await ada.getByTestId("waiting-connection").getByRole("link", { name: business }).click();
    await ada.waitForURL(atPath(connectionPath));
    await hydrated(ada);
    // As Ben's counterpart she sees his proposal's messages; he now sees her documents.
    await ada.getByText("Happy to lend: 10 % over 36 months.").waitFor();
    await ada.getByRole("link", { name: "Decline" }).click();
    let confirm = ada.getByRole("dialog", { name: "Decline this proposal?" });
    await confirm.waitFor();
    await hydrated(ada);
    await confirm.getByLabel(/A word to Ben Capital/).fill("Not this quarter.");
    await confirm.getByRole("button", { name: "Yes, decline" }).click();
    expect(await toast(ada, "declined")).toContain("You declined the proposal.");
    await ada.getByTestId("connection-status").filter({ hasText: "Declined" }).waitFor();
    await dismissToast(ada);

    // Ben updates once more; Ada accepts.
    await visit(ben, `${entryPath}/connect`);
    dialog = ben.getByRole("dialog", { name: "Connect with Ada Mill" });
    await dialog.getByLabel("Message", { exact: true }).fill("Next quarter then?");
    await dialog.getByRole("button", { name: "Update" }).click();
    await ben.waitForURL(atPath(connectionPath));
    await visit(ada, connectionPath);
    await ada.getByRole("link", { name: "Accept" }).click();
    confirm = ada.getByRole("dialog", { name: "Accept this proposal?" });
    await confirm.waitFor();
    await hydrated(ada);
    await confirm.getByRole("button", { name: "Yes, accept" }).click();
    expect(await toast(ada, "accepted")).toContain("You accepted the proposal.");
    await ada.getByTestId("connection-status").filter({ hasText: "Accepted" }).waitFor();
    expect(await ada.getByTestId("trail-step").count()).toBe(5);
    await dismissToast(ada);
    await visit(ben, connectionPath);
    await ben.getByTestId("connection-status").filter({ hasText: "Accepted" }).waitFor();
    expect(await ben.getByRole("link", { name: "plan.txt" }).count()).toBe(1);

    // Ada deletes her entry: asked first, the entry named; the open connection is closed.
    await visit(ada, entryPath);
    await ada.getByRole("dialog", { name: business }).getByRole("link", { name: "Delete" }).click();
    confirm = ada.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(ada);
    expect(await confirm.textContent()).toContain(`Are you sure you want to delete ${business}?`);
    expect(await confirm.textContent()).toContain("Its open connection will be closed, and the members told.");
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    expect(await toast(ada, "deleted")).toContain(`${business} deleted. 1 connection was closed and the members told.`);
    await ada.waitForURL(atPath("/user/entrepreneurs"));
    await visit(ben, connectionPath);
    await ben.getByTestId("connection-status").filter({ hasText: "Closed" }).waitFor();
    expect(await ben.getByRole("heading", { name: "The entrepreneur entry (deleted)" }).count()).toBe(1);
  });
});

describe.each(modes)("proposals, the entrepreneur's side $name", ({ javaScript }) => {
  const stamp = `${javaScript ? "(JS)" : "(no JS)"} ${Date.now()}`;
  const looms = `Osei Looms ${stamp}`;
  const bakery = `Osei Bakery ${stamp}`;

  async function saveInDialog(page: Page, title: string, fill: (dialog: Locator) => Promise<unknown>, button: string, notice: string) {
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.waitFor();
    await hydrated(page);
    await fill(dialog);
    await dialog.getByRole("button", { name: button }).click();
    expect(await toast(page, notice)).toContain(notice);
    await dismissToast(page);
  }

  async function addVenture(page: Page, name: string) {
    await visit(page, "/user/entrepreneurs/new");
    await saveInDialog(
      page,
      "New entrepreneur entry",
      async (dialog) => {
        await dialog.getByLabel("Business", { exact: true }).fill(name);
        await dialog.getByLabel("Sector", { exact: true }).selectOption({ label: "Agriculture and food" });
        await dialog.getByLabel("Country", { exact: true }).selectOption({ label: "Ghana" });
        await dialog.getByLabel(/^Amount sought/).fill("30000");
        await dialog.getByLabel("Term (months)", { exact: true }).fill("24");
        await dialog.getByLabel("Rate offered (% a year)", { exact: true }).fill("11");
        await dialog.getByLabel("Purpose", { exact: true }).fill("Equipment.");
      },
      "Create entry",
      "Entrepreneur entry created.",
    );
    await page.getByRole("dialog", { name }).waitFor();
    return new URL(page.url()).pathname;
  }

  /** Picks the member's proposal named `name` (each is named by its terms after the name). */
  async function chooseProposal(dialog: Locator, name: string) {
    const select = dialog.getByLabel("Your proposal", { exact: true });
    await select.selectOption((await select.locator("option", { hasText: `${name}: ` }).getAttribute("value")) ?? "");
  }

  /** The connect dialog's proposal choice: with JS the select reloads it, without JS Choose does. */
  async function choose(page: Page, dialog: Locator, name: string) {
    await chooseProposal(dialog, name);
    if (!javaScript) await dialog.getByRole("button", { name: "Choose" }).click();
    await page
      .getByRole("dialog", { name: "Connect with Ben Capital" })
      .getByTestId("agreed-terms")
      .filter({ hasText: `for ${name}` })
      .waitFor();
    await hydrated(page);
  }

  test("an entrepreneur connects on an investor entry, choosing between two ventures (Connect or Update, the message prefilled); terms edited meanwhile are shown again before anything is agreed", async () => {
    // Ben offers loans.
    const ben = await browser.newPage({ javaScript });
    await signUp(ben, { name: "Ben Capital", email: uniqueEmail("ben"), memberType: "Investor" });
    await visit(ben, "/user/investors/new");
    await saveInDialog(
      ben,
      "New investor entry",
      async (dialog) => {
        await dialog.getByLabel(/^Amount available/).fill("100000");
        await dialog.getByLabel(/^Minimum ticket/).fill("5000");
        await dialog.getByLabel(/^Maximum ticket/).fill("50000");
        await dialog.getByLabel("Term (months)", { exact: true }).fill("36");
        await dialog.getByLabel("Rate expected (% a year)", { exact: true }).fill("10");
        await dialog.getByLabel("Agriculture and food").check();
      },
      "Create entry",
      "Investor entry created.",
    );
    await ben.getByRole("dialog", { name: "Ben Capital, investor" }).waitFor();
    const fundPath = new URL(ben.url()).pathname;

    // Ada has two ventures; the dialog starts from the newest.
    const ada = await browser.newPage({ javaScript });
    await signUp(ada, { name: "Ada Osei", email: uniqueEmail("ada") });
    const loomsPath = await addVenture(ada, looms);
    await addVenture(ada, bakery);
    await visit(ada, fundPath);
    await ada.getByRole("dialog", { name: "Ben Capital, investor" }).getByRole("link", { name: "Connect" }).click();
    let dialog = ada.getByRole("dialog", { name: "Connect with Ben Capital" });
    await dialog.waitFor();
    await hydrated(ada);
    expect(await dialog.getByLabel("Your proposal", { exact: true }).inputValue()).not.toBe("");
    expect(await dialog.getByTestId("agreed-terms").textContent()).toContain(`for ${bakery}`);
    expect(await dialog.getByTestId("agreed-terms").textContent()).toMatch(/Amount available\s*\$100,000/);
    if (javaScript) {
      // A venture chosen before the JavaScript ran (its Choose button is gone once it runs) is shown then.
      const connectPath = new URL(ada.url()).pathname;
      const scriptsRun = await visitBeforeScripts(ada, connectPath);
      await chooseProposal(dialog, looms);
      await scriptsRun();
      await dialog
        .getByTestId("agreed-terms")
        .filter({ hasText: `for ${looms}` })
        .waitFor();
      await visit(ada, connectPath);
      expect(await dialog.getByTestId("agreed-terms").textContent()).toContain(`for ${bakery}`);
    }

    // Ben raises his amount while Ada reads: her Connect is refused, the new terms shown.
    await visit(ben, `${fundPath}/edit`);
    await saveInDialog(ben, "Edit your investor entry", (edit) => edit.getByLabel(/^Amount available/).fill("120000"), "Save", "Investor entry saved.");
    await dialog.getByLabel("Message", { exact: true }).fill("For the bakery ovens.");
    await dialog.getByLabel(AGREEMENT).check();
    await dialog.getByRole("button", { name: "Connect" }).click();
    dialog = ada.getByRole("dialog", { name: "Connect with Ben Capital" });
    await dialog.getByRole("alert").filter({ hasText: "The terms have changed since they were shown to you" }).waitFor();
    expect(await dialog.getByTestId("agreed-terms").textContent()).toMatch(/Amount available\s*\$120,000/);
    expect(await dialog.getByLabel("Message", { exact: true }).inputValue()).toBe("For the bakery ovens.");
    await hydrated(ada);
    // Read, and sent again.
    if (!(await dialog.getByLabel(AGREEMENT).isChecked())) await dialog.getByLabel(AGREEMENT).check();
    await dialog.getByRole("button", { name: "Connect" }).click();
    if (!javaScript) expect(await toast(ada, "sent")).toContain("Proposal sent to Ben Capital.");
    await ada.waitForURL((url) => url.pathname.startsWith("/user/connections/"));
    await ada.getByTestId("connection-status").filter({ hasText: "Waiting for Ben Capital's answer" }).waitFor();
    await dismissToast(ada);

    // Back in the dialog: Update for the bakery (message prefilled, agreement ticked), Connect for the looms.
    await visit(ada, `${fundPath}/connect`);
    dialog = ada.getByRole("dialog", { name: "Connect with Ben Capital" });
    expect(await dialog.getByLabel("Message", { exact: true }).inputValue()).toBe("For the bakery ovens.");
    expect(await dialog.getByLabel(AGREEMENT).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Update" }).waitFor();
    await choose(ada, dialog, looms);
    dialog = ada.getByRole("dialog", { name: "Connect with Ben Capital" });
    await dialog.getByRole("button", { name: "Connect" }).waitFor();
    expect(await dialog.getByLabel("Message", { exact: true }).inputValue()).toBe("");
    expect(await dialog.getByLabel(AGREEMENT).isChecked()).toBe(false);
    await dialog.getByLabel("Message", { exact: true }).fill("For two looms.");
    await dialog.getByLabel(AGREEMENT).check();
    await dialog.getByRole("button", { name: "Connect" }).click();
    if (!javaScript) expect(await toast(ada, "sent")).toContain("Proposal sent to Ben Capital.");
    await ada.waitForURL((url) => url.pathname.startsWith("/user/connections/"));
    const loomsConnection = new URL(ada.url()).pathname;
    await ada.getByText("For two looms.").waitFor();
    await dismissToast(ada);

    // Each proposal keeps its own connection: Update, with its own message.
    await visit(ada, `${fundPath}/connect`);
    dialog = ada.getByRole("dialog", { name: "Connect with Ben Capital" });
    await choose(ada, dialog, looms);
    dialog = ada.getByRole("dialog", { name: "Connect with Ben Capital" });
    await dialog.getByRole("button", { name: "Update" }).waitFor();
    expect(await dialog.getByLabel("Message", { exact: true }).inputValue()).toBe("For two looms.");
    await choose(ada, dialog, bakery);
    dialog = ada.getByRole("dialog", { name: "Connect with Ben Capital" });
    await dialog.getByRole("button", { name: "Update" }).waitFor();
    expect(await dialog.getByLabel("Message", { exact: true }).inputValue()).toBe("For the bakery ovens.");

    // Ben opens the accept dialog on the looms: it shows the terms. Ada edits the looms meanwhile:
    // his accept is refused with the new terms, and accepted once confirmed again.
    await visit(ben, `${loomsConnection}/accept`);
    let confirm = ben.getByRole("dialog", { name: "Accept this proposal?" });
    expect(await confirm.getByTestId("agreed-terms").textContent()).toContain(`for ${looms}`);
    expect(await confirm.getByTestId("agreed-terms").textContent()).toMatch(/Rate offered\s*11 % a year/);
    await visit(ada, `${loomsPath}/edit`);
    await saveInDialog(
      ada,
      "Edit your entrepreneur entry",
      (edit) => edit.getByLabel("Rate offered (% a year)", { exact: true }).fill("9.5"),
      "Save",
      "Entrepreneur entry saved.",
    );
    await confirm.getByLabel(/A word to Ada Osei/).fill("Agreed, let us talk on Monday.");
    await confirm.getByRole("button", { name: "Yes, accept" }).click();
    confirm = ben.getByRole("dialog", { name: "Accept this proposal?" });
    await confirm.getByRole("alert").filter({ hasText: "The terms have changed since they were shown to you" }).waitFor();
    expect(await confirm.getByTestId("agreed-terms").textContent()).toMatch(/Rate offered\s*9\.5 % a year/);
    // What he wrote is still there.
    expect(await confirm.getByLabel(/A word to Ada Osei/).inputValue()).toBe("Agreed, let us talk on Monday.");
    await hydrated(ben);
    await confirm.getByRole("button", { name: "Yes, accept" }).click();
    expect(await toast(ben, "accepted")).toContain("You accepted the proposal.");
    await ben.getByTestId("connection-status").filter({ hasText: "Accepted" }).waitFor();
    // The trail's accept holds the terms he confirmed.
    expect(await ben.getByTestId("trail-step").last().textContent()).toMatch(/Rate offered\s*9\.5 % a year/);
    expect(await ben.getByTestId("trail-step").last().textContent()).toContain("Agreed, let us talk on Monday.");
  });
});
