import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  admin,
  atPath,
  dismissToast,
  fieldErrors,
  formError,
  hydrated,
  modes,
  signInHome,
  signUp,
  submitSignIn,
  toast,
  uniqueEmail,
  useBrowser,
  visit,
} from "./browser";

const browser = useBrowser();

/** SPEC.md's ticker speed, in px per ms. */
const TICKER_SPEED = 0.03;

/** Opens an Admin tab from the admin's navigation. */
async function adminTab(page: Page, tab: "Ticker" | "Members", path: string) {
  await visit(page, "/user/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: tab }).click();
  await page.waitForURL(atPath(path));
  await hydrated(page);
}

function news(page: Page) {
  return page.getByRole("region", { name: "News" });
}

describe.each(modes)("news ticker $name", ({ javaScript }) => {
  test("the admin's announcement runs across the top for members until the admin removes it", async () => {
    const message = `Members' dinner on Friday ${javaScript ? "js" : "nojs"} ${Date.now()}`;
    const member = await browser.newPage({ javaScript });
    await signUp(member, { name: "Tina Ticker", email: uniqueEmail("ticker") });

    const page = await browser.newPage({ javaScript });
    await signInHome(page, admin);
    await adminTab(page, "Ticker", "/user/admin/ticker");
    await page.getByRole("link", { name: "New announcement" }).click();
    const dialog = page.getByRole("dialog", { name: "New announcement" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await dialog.getByLabel("Starts (UTC)").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

    await dialog.getByLabel("Message", { exact: true }).fill(message);
    await dialog.getByLabel("Link (optional)").fill("ftp://example.com/menu");
    await dialog.getByRole("button", { name: "Save announcement" }).click();
    expect(await fieldErrors(page.getByRole("dialog").getByLabel("Link (optional)"))).toContain(
      "Enter a web address starting with http:// or https://, or a path on this site starting with /.",
    );
    await page.getByRole("dialog").getByLabel("Link (optional)").fill("/user/settings");
    await page.getByRole("dialog").getByRole("button", { name: "Save announcement" }).click();
    expect(await toast(page, "ticker")).toContain("The announcement is on the ticker.");
    await page.waitForURL(atPath("/user/admin/ticker"));
    const row = page.getByTestId("announcement-row").filter({ hasText: message });
    await row.waitFor();
    expect(await row.textContent()).toContain("Current");

    // The member sees it under the header, as a link.
    await visit(member, "/user");
    const link = news(member).getByRole("link", { name: message });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("/user/settings");
    if (javaScript) {
      // A continuously scrolling line: its duration is the list's width at 0.03 px/ms, and it
      // stops while the pointer is over it.
      await member.locator(".ticker--animated").waitFor();
      const ticker = await member.evaluate(() => {
        const track = document.querySelector<HTMLElement>(".ticker-track")!;
        const list = track.firstElementChild!;
        return {
          duration: track.style.getPropertyValue("--ticker-duration"),
          computed: getComputedStyle(track).animationDuration,
          width: list.getBoundingClientRect().width,
          state: getComputedStyle(track).animationPlayState,
        };
      });
      expect(ticker.state).toBe("running");
      expect(ticker.duration).toMatch(/^\d+ms$/);
      expect(Math.abs(Number.parseInt(ticker.duration, 10) - ticker.width / TICKER_SPEED)).toBeLessThanOrEqual(1);
      expect(Number.parseFloat(ticker.computed) * 1000).toBeCloseTo(Number.parseInt(ticker.duration, 10), 0);
      await news(member).hover({ force: true });
      expect(await member.evaluate(() => getComputedStyle(document.querySelector(".ticker-track")!).animationPlayState)).toBe("paused");
      // Moving links never settle for a click: keyboard users focus it (which stops it too).
      await link.focus();
      await member.keyboard.press("Enter");
    } else {
      expect(await member.locator(".ticker--animated").count()).toBe(0);
      await link.click();
    }
    // (/user/settings opens its first tab.)
    await member.waitForURL((url) => url.pathname.startsWith("/user/settings"));
    await member.getByRole("heading", { name: "Your profile" }).waitFor();

    if (javaScript) {
      // Members who ask for reduced motion get the static list, even with JavaScript.
      const still = await browser.newPage({ javaScript });
      await still.emulateMedia({ reducedMotion: "reduce" });
      await signUp(still, { name: "Steady Reader", email: uniqueEmail("still") });
      await news(still).getByRole("link", { name: message }).waitFor();
      expect(await still.locator(".ticker--animated").count()).toBe(0);
      expect(await still.locator(".ticker-list").count()).toBe(1);
    }

    // Visitors do not see it.
    const visitor = await browser.newPage({ javaScript });
    await visit(visitor, "/");
    expect(await news(visitor).count()).toBe(0);

    // The admin removes it through the confirm dialog.
    await dismissToast(page);
    await row.getByRole("link", { name: "Remove" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("Are you sure you want to delete this announcement?");
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    expect(await toast(page, "deleted")).toContain("Announcement deleted.");
    await page.waitForURL(atPath("/user/admin/ticker"));
    await row.waitFor({ state: "detached" });

    await visit(member, "/user");
    await member.getByRole("heading", { name: "Welcome, Tina Ticker" }).waitFor();
    expect(await member.getByText(message).count()).toBe(0);
  });
});

/** Turns two-factor sign-in on for the member signed in on `page`, as they would in Settings. */
async function turnOnTwoFactor(page: Page) {
  await visit(page, "/user/settings/security/two-factor");
  const setup = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
  const key = ((await setup.getByTestId("two-factor-key").textContent()) ?? "").replace(/\s/g, "");
  await setup.getByLabel("2. Enter the 6-digit code the app shows").fill(TOTP.generate({ secret: Secret.fromBase32(key) }));
  await setup.getByRole("button", { name: "Turn on" }).click();
  await page.getByRole("dialog", { name: "Two-factor sign-in is on" }).waitFor();
}

describe.each(modes)("members admin $name", ({ javaScript }) => {
  test("the admin finds a member, disables them (signed out, cannot sign in) and enables them again", async () => {
    const email = uniqueEmail("disable");
    const name = `Dora ${javaScript ? "Script" : "Plain"} Disabled`;
    const member = await browser.newPage({ javaScript });
    await signUp(member, { name, email });

    const page = await browser.newPage({ javaScript });
    await signInHome(page, admin);
    await adminTab(page, "Members", "/user/admin/members");
    await page.getByLabel("Name or e-mail").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.pathname === "/user/admin/members" && url.searchParams.get("q") === email.toUpperCase());
    const rows = page.getByTestId("member-row");
    await rows.filter({ hasText: email }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain("Active");

    // The row's actions are in its menu, apart from each other.
    expect(
      await rows
        .first()
        .getByRole("link", { name: `Disable ${name}` })
        .isVisible(),
    ).toBe(false);
    await rows.first().locator("summary", { hasText: "Actions" }).click();
    await rows
      .first()
      .getByRole("link", { name: `Disable ${name}` })
      .click();
    const confirm = page.getByRole("dialog", { name: `Disable ${name}'s account?` });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("Are you sure you want to disable this account?");
    await confirm.getByRole("button", { name: "Yes, disable" }).click();
    expect(await toast(page, "disabled")).toContain(`${name}'s account is disabled and signed out.`);
    // Back on the same search.
    await page.waitForURL((url) => url.pathname === "/user/admin/members" && url.searchParams.get("q") === email.toUpperCase());
    await rows.filter({ hasText: "Disabled since" }).waitFor();

    // The member's browser is signed out and cannot sign in again.
    await visit(member, "/user");
    await member.waitForURL(atPath("/signin"));
    await submitSignIn(member, { email });
    expect(await formError(member, "not right")).toContain("The e-mail or password is not right.");

    await dismissToast(page);
    await rows.first().getByRole("button", { name: "Enable" }).click();
    expect(await toast(page, "enabled")).toContain(`${name}'s account is enabled; they can sign in again.`);
    await rows.filter({ hasText: "Active" }).waitFor();
    await expect.poll(() => rows.count()).toBe(1);

    await submitSignIn(member, { email });
    await member.waitForURL(atPath("/user"));
    await member.getByRole("heading", { name: `Welcome, ${name}` }).waitFor();
  });

  test("the admin's own row offers no Disable", async () => {
    const page = await browser.newPage({ javaScript });
    await signInHome(page, admin);
    await visit(page, `/user/admin/members?q=${encodeURIComponent(admin.email)}`);
    const row = page.getByTestId("member-row").filter({ hasText: admin.email });
    await row.waitFor();
    expect(await row.textContent()).toContain("You");
    expect(await row.getByRole("link", { name: "Disable" }).count()).toBe(0);
  });

  test("on a phone a member's Disable and Reset two-factor are in the row's menu, each a thumb's size, apart", async () => {
    const page = await browser.newPage({ javaScript });
    await signInHome(page, admin);
    await page.setViewportSize({ width: 390, height: 844 });
    const email = uniqueEmail("two-menu");
    const name = `Tess ${javaScript ? "Script" : "Plain"} Twofactor`;
    const member = await browser.newPage({ javaScript });
    await signUp(member, { name, email });
    await turnOnTwoFactor(member);
    await visit(page, `/user/admin/members?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId("member-row").filter({ hasText: email });
    await row.waitFor();
    const disable = row.getByRole("link", { name: `Disable ${name}` });
    const reset = row.getByRole("link", { name: `Reset two-factor sign-in of ${name}` });
    expect([await disable.isVisible(), await reset.isVisible()]).toEqual([false, false]);
    const menu = row.locator("summary", { hasText: "Actions" });
    const summary = (await menu.boundingBox())!;
    expect(Math.min(summary.width, summary.height)).toBeGreaterThanOrEqual(44);
    await menu.click();
    const boxes = [(await reset.boundingBox())!, (await disable.boundingBox())!];
    for (const box of boxes) expect(box.height).toBeGreaterThanOrEqual(44);
    // One under the other, with room between them: a thumb does not hit the wrong one.
    expect(boxes[1].y - (boxes[0].y + boxes[0].height)).toBeGreaterThanOrEqual(8);
    await reset.click();
    const dialog = page.getByRole("dialog", { name: `Reset two-factor sign-in for ${name}?` });
    await dialog.waitFor();
    expect(await dialog.getByRole("button", { name: "Yes, turn it off" }).count()).toBe(1);
  });
});
