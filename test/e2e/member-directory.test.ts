import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, dismissToast, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

let counter = 0;
/** A word no other test uses: this test's members share it as their industry, so that the
 * directory (which lists every member of the shared server) can be narrowed to them. */
function uniqueWord() {
  counter += 1;
  return `Zq${`${Date.now().toString(36)}${counter}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)])}`;
}

async function newMember(javaScript: boolean, name: string) {
  const page = await browser.newPage({ javaScript });
  await signUp(page, { name, email: uniqueEmail("directory") });
  return { page, name };
}

/** Saves the member type and industry on the profile settings page. */
async function setProfile(page: Page, { memberType, industry }: { memberType: string; industry: string }) {
  await visit(page, "/user/settings/profile");
  await page.getByLabel("Member type").selectOption({ label: memberType });
  await page.getByLabel("Industry", { exact: true }).fill(industry);
  await page.getByRole("button", { name: "Save profile" }).click();
  await toast(page, "Profile saved.");
}

function card(page: Page, name: string) {
  return page.getByTestId("directory-member").filter({ hasText: name });
}

/** Picks a filter's value: with JS the form sends itself, without it the button does. */
async function choose(page: Page, javaScript: boolean, label: string, option: { label: string }, param: string, value: string) {
  await page.getByLabel(label, { exact: true }).selectOption(option);
  if (!javaScript) await page.getByRole("button", { name: "Show members" }).click();
  await page.waitForURL((url) => url.pathname === "/user/members" && url.searchParams.get(param) === value);
  await hydrated(page);
}

describe.each(modes)("member directory $name", ({ javaScript }) => {
  test("a member browses and filters the directory, connects from it, and the other accepts from the notification", async () => {
    const industry = `${uniqueWord()} ceramics`;
    const ana = await newMember(javaScript, `${uniqueWord()} Browser`);
    const bo = await newMember(javaScript, `${uniqueWord()} Potter`);
    const cy = await newMember(javaScript, `${uniqueWord()} Glazier`);
    const di = await newMember(javaScript, `${uniqueWord()} Private`);
    await setProfile(bo.page, { memberType: "Investor", industry });
    await setProfile(cy.page, { memberType: "Entrepreneur", industry });
    await setProfile(di.page, { memberType: "Investor", industry });

    // Di leaves the directory in Settings → Privacy.
    await visit(di.page, "/user/settings/privacy");
    await di.page.getByLabel("List me in the member directory").uncheck();
    await di.page.getByRole("button", { name: "Save" }).click();
    expect(await toast(di.page, "no longer listed")).toContain("You are no longer listed in the member directory.");
    expect(await di.page.getByLabel("List me in the member directory").isChecked()).toBe(false);

    // Ana finds the directory in the navigation and narrows it by industry, then member type.
    await visit(ana.page, "/user");
    await followNav(ana.page, "Member directory");
    await ana.page.waitForURL(atPath("/user/members"));
    await hydrated(ana.page);
    // The way to search by name is a thumb's size on a phone (the browser's window is one).
    const byName = (await ana.page.getByRole("link", { name: "Find a member by name" }).boundingBox())!;
    expect(Math.min(byName.width, byName.height)).toBeGreaterThanOrEqual(44);
    await choose(ana.page, javaScript, "Industry", { label: industry }, "industry", industry);
    await card(ana.page, bo.name).waitFor();
    // The address holds the filter set, not the fields left empty (?q=&member_type=…).
    await expect.poll(() => new URL(ana.page.url()).search).toBe(`?${new URLSearchParams({ industry })}`);
    expect(await ana.page.getByTestId("directory-member").count()).toBe(2);
    expect(await card(ana.page, cy.name).count()).toBe(1);
    expect(await card(ana.page, di.name).count()).toBe(0);
    expect(await card(ana.page, bo.name).textContent()).toContain(`Investor`);
    expect(await card(ana.page, bo.name).textContent()).toContain(industry);
    await ana.page.getByRole("heading", { name: "2 members" }).waitFor();

    await choose(ana.page, javaScript, "Member type", { label: "Entrepreneur" }, "member_type", "entrepreneur");
    await ana.page.getByRole("heading", { name: "1 member", exact: true }).waitFor();
    expect(await card(ana.page, cy.name).count()).toBe(1);
    expect(await card(ana.page, bo.name).count()).toBe(0);
    expect(new URL(ana.page.url()).searchParams.get("industry")).toBe(industry);

    // The text search, the filters kept in the address; Clear filters lists everyone again.
    await ana.page.getByLabel("Member type", { exact: true }).selectOption({ label: "Any type" });
    await ana.page.getByLabel("Search", { exact: true }).fill(bo.name.split(" ")[0]);
    await ana.page.getByRole("button", { name: "Show members" }).click();
    await ana.page.waitForURL((url) => url.search === `?${new URLSearchParams({ q: bo.name.split(" ")[0], industry })}`);
    await card(ana.page, bo.name).waitFor();
    expect(await ana.page.getByTestId("directory-member").count()).toBe(1);
    await ana.page.getByRole("link", { name: "Clear filters" }).click();
    await ana.page.waitForURL((url) => url.pathname === "/user/members" && url.search === "");
    // With JS the fields follow the address once the page has rendered it (an effect, just after
    // the address changes).
    await expect.poll(() => ana.page.getByLabel("Search", { exact: true }).inputValue()).toBe("");
    await expect.poll(() => ana.page.getByLabel("Industry", { exact: true }).inputValue()).toBe("");

    // Ana connects with Bo from his card.
    await visit(ana.page, `/user/members?${new URLSearchParams({ industry })}`);
    await card(ana.page, bo.name).getByRole("button", { name: "Connect" }).click();
    await card(ana.page, bo.name).getByRole("button", { name: "Cancel request" }).waitFor();
    expect(await toast(ana.page, "Friend request sent")).toContain(`Friend request sent to ${bo.name}.`);
    await dismissToast(ana.page);
    await visit(ana.page, `/user/members?${new URLSearchParams({ industry })}`);
    await card(ana.page, bo.name).getByRole("button", { name: "Cancel request" }).waitFor();

    // Bo accepts from the notification, which then says how it was answered.
    await visit(bo.page, "/user/notifications");
    const notification = bo.page.getByTestId("notification").filter({ hasText: `${ana.name} sent you a friend request.` });
    await notification.getByRole("button", { name: "Decline" }).waitFor();
    await notification.getByRole("button", { name: "Accept" }).click();
    expect(await toast(bo.page, "now friends")).toContain(`You and ${ana.name} are now friends.`);
    await notification.getByText("Accepted: you are now friends.").waitFor();
    expect(await notification.getByRole("button").count()).toBe(0);
    await visit(bo.page, "/user/notifications");
    await notification.getByText("Accepted: you are now friends.").waitFor();

    // Ana's card says friends now.
    await visit(ana.page, `/user/members?${new URLSearchParams({ industry })}`);
    await card(ana.page, bo.name).getByText("Friends", { exact: true }).waitFor();

    // Cy asks Bo; Bo declines from the notification.
    await visit(cy.page, `/user/members?${new URLSearchParams({ industry, member_type: "investor" })}`);
    await card(cy.page, bo.name).getByRole("button", { name: "Connect" }).click();
    await toast(cy.page, "Friend request sent");
    await visit(bo.page, "/user/notifications");
    const fromCy = bo.page.getByTestId("notification").filter({ hasText: `${cy.name} sent you a friend request.` });
    await fromCy.getByRole("button", { name: "Decline" }).click();
    expect(await toast(bo.page, "declined")).toContain(`You declined ${cy.name}'s friend request.`);
    await fromCy.getByText("You declined this request.").waitFor();
  });
});
