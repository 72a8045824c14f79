import type { Locator } from "playwright-core";
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { admin, atPath, dismissToast, fieldErrors, followNav, hydrated, modes, signInHome, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

/** A figure of the home page's week: the value beside its term, matched whole. */
function figure(week: Locator, term: string) {
  return week.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");
}

/** The admin's engagement points, typed into /user/admin/engagement and saved. */
async function setEngagementPoints(page: Page, values: Record<string, string>) {
  await visit(page, "/user/admin/engagement");
  await hydrated(page);
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole("button", { name: "Save the points" }).click();
  expect(await toast(page, "The engagement points are saved")).toContain("The engagement points are saved; every light follows them now.");
  await dismissToast(page);
}

const DEFAULT_POINTS = { "A referral given": "3", "Amber from (points)": "20", "Green from (points)": "45" };

describe.each(modes)("referrals $name", ({ javaScript }) => {
  test("A refers a contact to B; B follows it to closed business with an amount; A sees the thank-you; the report, its CSV and A's light show it; a third member gets 404", async () => {
    const run = `${javaScript ? "js" : "nojs"}${Date.now() % 100000}`;
    const bName = `Bisi Receiver ${run}`;
    const b = await browser.newPage({ javaScript });
    await signUp(b, { name: bName, email: uniqueEmail("receiver") });

    // The admin makes one referral given worth amber, so that A's light changes with it.
    const boss = await browser.newPage({ javaScript });
    await signInHome(boss, admin);
    await setEngagementPoints(boss, { "A referral given": "20", "Amber from (points)": "20", "Green from (points)": "45" });

    const a = await browser.newPage({ javaScript });
    await signUp(a, { name: `Ade Giver ${run}`, email: uniqueEmail("giver") });
    await visit(a, "/user/referrals");
    const light = a.getByTestId("my-engagement");
    expect(await light.getByTestId("engagement-light").textContent()).toBe("Red: at risk");
    expect(await light.getByTestId("engagement-raise").textContent()).toContain("20 more points turn your light amber: for example");
    await visit(a, "/user/contacts/add");
    await a.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await a.getByLabel("E-mail", { exact: true }).fill(`grace-${run}@example.com`);
    await a.getByText("More details").click();
    await a.getByLabel("Occupation or position", { exact: true }).fill("Fleet director");
    await a.getByRole("button", { name: "Add contact" }).click();
    await a.waitForURL(atPath("/user/profile"));
    await hydrated(a);
    const profile = new URL(a.url());

    // From the contact's profile, with the member search.
    await a.getByRole("link", { name: "Refer to a member…" }).click();
    let dialog = a.getByRole("dialog", { name: "Give a referral" });
    await dialog.waitFor();
    await hydrated(a);
    expect(await dialog.getByTestId("referral-contact").textContent()).toBe("Grace Hopper");
    // Sent without a member or a need: answered beside the fields.
    await dialog.getByRole("button", { name: "Give referral" }).click();
    dialog = a.getByRole("dialog", { name: "Give a referral" });
    await dialog.getByText("Choose the member you refer to.").waitFor();
    expect(await fieldErrors(dialog.getByLabel("What they need"))).toContain("Say what they need.");

    await dialog.getByLabel("Find the member").fill(bName);
    await dialog.getByRole("button", { name: "Search", exact: true }).first().click();
    await dialog.getByRole("link", { name: bName }).click();
    await a.waitForURL((url) => url.searchParams.has("to"));
    dialog = a.getByRole("dialog", { name: "Give a referral" });
    await dialog.getByTestId("chosen-member").filter({ hasText: bName }).waitFor();
    await hydrated(a);
    await dialog.getByLabel("Occupation: Fleet director").check();
    await dialog.getByLabel("What they need").fill("Twelve delivery vans serviced every quarter");
    await dialog.getByLabel(/4 · Hot/).check();
    await dialog.getByRole("button", { name: "Give referral" }).click();
    expect(await toast(a, "Your referral went to")).toContain(`Your referral went to ${bName}.`);
    await a.waitForURL((url) => url.pathname === profile.pathname && url.search === profile.search);
    await dismissToast(a);

    // B is told, opens it, and sees only what was passed on.
    await visit(b, "/user/notifications");
    await b
      .getByRole("link", { name: /gave you a referral: Grace Hopper/ })
      .first()
      .click();
    await b.waitForURL((url) => /^\/user\/referrals\/\d+$/.test(url.pathname));
    await hydrated(b);
    const referralPath = new URL(b.url()).pathname;
    expect(await b.locator("main").textContent()).toContain("Fleet director");
    expect(await b.locator("main").textContent()).not.toContain(`grace-${run}@example.com`);
    await b.getByLabel("Contacted", { exact: true }).check();
    await b.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(b, "is now contacted")).toContain("Grace Hopper is now contacted.");
    await dismissToast(b);
    expect(await b.getByLabel("Contacted", { exact: true }).count()).toBe(0);

    await b.getByLabel("Business closed", { exact: true }).check();
    await b.getByLabel("Amount of the business closed").fill("2,500.50");
    await b.getByLabel("Currency", { exact: true }).selectOption("USD");
    await b.getByRole("button", { name: "Save", exact: true }).click();
    expect(await toast(b, "is now business closed")).toContain("Grace Hopper is now business closed.");
    expect(await b.getByTestId("referral-status").textContent()).toBe("Business closed · $2,500.50");
    // The line under the name says what its figure is: the warmth.
    expect(await b.getByTestId("referral-meta").textContent()).toMatch(/ · warmth \d · \w+/);
    expect(await b.getByRole("button", { name: "Save", exact: true }).count()).toBe(0);

    // A sees the thank-you on the referral and in the list.
    await followNav(a, "Referrals");
    await a.waitForURL(atPath("/user/referrals"));
    const row = a.getByTestId("referral-given").filter({ hasText: "Grace Hopper" });
    expect(await row.textContent()).toContain("Business closed · $2,500.50");
    await row.getByRole("link", { name: "Grace Hopper" }).click();
    await a.waitForURL(atPath(referralPath));
    expect(await a.getByTestId("referral-thanks").textContent()).toBe(`Thank you for closed business: ${bName} closed $2,500.50 with Grace Hopper.`);

    // Home: this week's numbers, and nothing left for B to follow up.
    await visit(a, "/user");
    const aWeek = a.getByTestId("referral-week");
    expect(await figure(aWeek, "Given").textContent()).toBe("1");
    expect(await figure(aWeek, "Thank-you received").textContent()).toBe("$2,500.50");
    await visit(b, "/user");
    const bWeek = b.getByTestId("referral-week");
    expect(await figure(bWeek, "Received").textContent()).toBe("1");
    expect(await figure(bWeek, "Thank-you given").textContent()).toBe("$2,500.50");
    expect(await b.getByText("Nothing waiting: every referral you received is followed up.").count()).toBe(1);

    // The chapter report shows A's line with the thank-you, and its CSV the same.
    await visit(a, "/user/referrals");
    await a.getByRole("link", { name: "Chapter report" }).click();
    await a.waitForURL(atPath("/user/referrals/report"));
    const own = a.getByTestId("report-row");
    // With JS the address changes a moment before the report is drawn.
    await own.first().waitFor();
    expect(await a.getByTestId("report-note").textContent()).toContain(
      "An inside referral is the giver's own need (they are the customer); an outside one, someone else's.",
    );
    expect(await own.count()).toBe(1);
    // The dates to choose start as the week shown: a Monday and the Sunday after it.
    const [from, to] = [await a.getByLabel("From", { exact: true }).inputValue(), await a.getByLabel("To", { exact: true }).inputValue()];
    expect([new Date(`${from}T00:00:00Z`).getUTCDay(), (Date.parse(to) - Date.parse(from)) / 86_400_000]).toEqual([1, 6]);
    expect(await own.textContent()).toContain("$2,500.50");
    await a.getByTestId("report-totals").waitFor();
    const csvHref = await a.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    const csv = await (await a.request.get(new URL(csvHref!, a.url()).href)).text();
    const [header, ...lines] = csv.split("\r\n");
    const columns = header.split(",");
    const cells = lines.find((line) => line.startsWith(`Ade Giver ${run},`))!.split(",");
    expect(cells[columns.indexOf("Given outside")]).toBe("1");
    expect(cells[columns.indexOf("Thank-you received (USD)")]).toBe("2500.50");

    // A's light: the referral given turned it amber; the admin's list shows it, and B among the reds.
    await visit(a, "/user/referrals");
    expect(await a.getByTestId("my-engagement").getByTestId("engagement-light").textContent()).toBe("Amber: could do more");
    expect(await a.getByTestId("engagement-raise").textContent()).toContain("25 more points turn your light green");
    await visit(boss, `/user/admin/members?q=${encodeURIComponent(run)}`);
    const rowOf = (name: string) => boss.getByTestId("member-row").filter({ hasText: name });
    expect(await rowOf(`Ade Giver ${run}`).getByTestId("engagement-light").textContent()).toBe("Amber: could do more");
    await boss.getByRole("link", { name: "Red lights only" }).click();
    await boss.waitForURL((url) => url.searchParams.get("light") === "red" && url.searchParams.get("q") === run);
    await rowOf(bName).waitFor();
    expect(await rowOf(bName).getByTestId("engagement-light").textContent()).toBe("Red: at risk");
    expect(await rowOf(`Ade Giver ${run}`).count()).toBe(0);
    await setEngagementPoints(boss, DEFAULT_POINTS);

    // Anyone else: not found.
    const c = await browser.newPage({ javaScript });
    await signUp(c, { name: `Cy Stranger ${run}`, email: uniqueEmail("stranger") });
    const response = await c.goto(referralPath);
    expect(response?.status()).toBe(404);
  });
});
