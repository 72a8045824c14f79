import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, fieldErrors, modes, PASSWORD, signInHome, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();
const SECURITY = "/user/settings/security";

/** A member signed in on two devices: `first` signed up, `second` signed in afterwards. */
async function memberOnTwoDevices(javaScript: boolean, name: string) {
  const email = uniqueEmail("security");
  const first = await browser.newPage({ javaScript });
  await signUp(first, { name, email });
  const second = await browser.newPage({ javaScript });
  await signInHome(second, { email });
  return { email, first, second };
}

/** The other device finds itself signed out on its next visit to a member page. */
async function expectSignedOut(page: Page) {
  await page.goto("/user");
  await page.waitForURL(atPath("/signin"));
  expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/user");
}

describe.each(modes)("password and sessions $name", ({ javaScript }) => {
  test("a member changes the password, which signs out the other device", async () => {
    const { email, first, second } = await memberOnTwoDevices(javaScript, "Changing Password");
    const NEW_PASSWORD = "another good password";

    await visit(first, SECURITY);
    await first.getByRole("link", { name: "Change password" }).click();
    await first.waitForURL(atPath(`${SECURITY}/password`));
    const dialog = first.getByRole("dialog", { name: "Change password" });
    await dialog.waitFor();

    const fill = async (current: string) => {
      await dialog.getByLabel("Current password", { exact: true }).fill(current);
      await dialog.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByLabel("Repeat the new password", { exact: true }).fill(NEW_PASSWORD);
      await dialog.getByRole("button", { name: "Change password" }).click();
    };

    await fill("not my password");
    expect(await fieldErrors(dialog.getByLabel("Current password", { exact: true }))).toContain("That is not your current password.");
    expect(new URL(first.url()).pathname).toBe(`${SECURITY}/password`);

    await fill(PASSWORD);
    expect(await toast(first, "Password changed.")).toContain("One other session was signed out.");
    await first.waitForURL(atPath(SECURITY));
    await dialog.waitFor({ state: "detached" });
    expect(await first.getByTestId("session-row").count()).toBe(1);

    await expectSignedOut(second);
    await signInHome(second, { email, password: NEW_PASSWORD });
  });

  test("a member signs out all other sessions after confirming", async () => {
    const { first, second } = await memberOnTwoDevices(javaScript, "Two Devices");

    await visit(first, SECURITY);
    expect(await first.getByTestId("session-row").count()).toBe(2);
    await first.getByRole("link", { name: "Sign out all other sessions" }).click();
    await first.waitForURL(atPath(`${SECURITY}/sign-out-others`));
    const dialog = first.getByRole("dialog", { name: "Confirm!" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Are you sure you want to sign out all your other sessions?");

    await dialog.getByRole("button", { name: "Yes, sign them out" }).click();
    expect(await toast(first, "signed out")).toContain("One other session is signed out.");
    await first.waitForURL(atPath(SECURITY));
    expect(await first.getByTestId("session-row").count()).toBe(1);
    expect(await first.getByRole("link", { name: "Sign out all other sessions" }).count()).toBe(0);

    await expectSignedOut(second);
    // The device that asked is still signed in.
    await visit(first, "/user");
    await first.getByRole("heading", { name: "Welcome, Two Devices" }).waitFor();
  });

  test("a member signs out one other session from the list", async () => {
    const { first, second } = await memberOnTwoDevices(javaScript, "One Device Less");

    await visit(first, SECURITY);
    const other = first.getByTestId("session-row").filter({ hasNot: first.getByText("This device") });
    // On a phone (the browser's window is one) the row's Sign out is a thumb's size, and the badge stands apart from the device's name.
    const signOut = (await other.getByRole("link", { name: "Sign out" }).boundingBox())!;
    expect(Math.min(signOut.width, signOut.height)).toBeGreaterThanOrEqual(44);
    const mine = first.getByTestId("session-row").filter({ has: first.getByText("This device") });
    expect(await mine.locator(".badge").textContent()).toBe("This device");
    expect(await mine.locator("td").first().textContent()).toMatch(/\S This device$/);
    await other.getByRole("link", { name: "Sign out" }).click();
    const dialog = first.getByRole("dialog", { name: "Confirm!" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Are you sure you want to sign out this session?");
    await dialog.getByRole("button", { name: "Yes, sign it out" }).click();
    expect(await toast(first, "signed out")).toContain("Session signed out.");
    await first.waitForURL(atPath(SECURITY));
    expect(await first.getByTestId("session-row").count()).toBe(1);

    await expectSignedOut(second);
  });

  test("the close link of a dialog goes back to the security page", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Closing Dialogs", email: uniqueEmail("close") });
    await visit(page, `${SECURITY}/password`);
    const dialog = page.getByRole("dialog", { name: "Change password" });
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "Close" }).click();
    await page.waitForURL(atPath(SECURITY));
    await dialog.waitFor({ state: "detached" });
  });
});

describe("dialogs with JavaScript", () => {
  test("Escape closes an open dialog and goes back to the security page", async () => {
    const { first: page } = await memberOnTwoDevices(true, "Pressing Escape");
    await visit(page, SECURITY);

    for (const [opener, title] of [
      ["Change password", "Change password"],
      ["Sign out all other sessions", "Confirm!"],
    ]) {
      await page.getByRole("link", { name: opener }).click();
      // Modal once the dialog's effect has called showModal(): only then is Escape its own.
      const modal = page.locator("dialog:modal").filter({ has: page.getByRole("heading", { name: title }) });
      await modal.waitFor();
      expect(new URL(page.url()).pathname).not.toBe(SECURITY);
      await page.keyboard.press("Escape");
      await page.waitForURL(atPath(SECURITY));
      await modal.waitFor({ state: "detached" });
    }
    expect(await page.getByTestId("session-row").count()).toBe(2);
  });
});
