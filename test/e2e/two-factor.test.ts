import { Secret, TOTP } from "otpauth";
import { describe, expect, test } from "vitest";
import { admin, atPath, fieldErrors, hydrated, modes, signInHome, signOut, signUp, submitSignIn, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();
const SECURITY = "/user/settings/security";

/** The code the member's app would show `ahead` milliseconds from now. */
function appCode(key: string, ahead = 0) {
  return TOTP.generate({ secret: Secret.fromBase32(key), timestamp: Date.now() + ahead });
}

describe.each(modes)("two-factor sign-in $name", ({ javaScript }) => {
  test("a member turns it on, then signs in with a code from the app and with a recovery code", async () => {
    const email = uniqueEmail("two-factor");
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Tessa Twofactor", email });

    await visit(page, SECURITY);
    expect(await page.getByTestId("two-factor-status").textContent()).toContain("Off");
    await page.getByRole("link", { name: "Turn on two-factor sign-in" }).click();
    await page.waitForURL(atPath(`${SECURITY}/two-factor`));
    const setup = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
    await setup.waitFor();
    await setup.getByRole("img", { name: "QR code to scan with your authenticator app" }).locator("svg").waitFor();
    const key = ((await setup.getByTestId("two-factor-key").textContent()) ?? "").replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    // On the phone that holds the app, a QR code on its own screen cannot be scanned: one tap
    // hands the account to the app instead (an otpauth: address), a thumb's size.
    const toApp = setup.getByRole("link", { name: "Add it to your authenticator app" });
    const href = new URL((await toApp.getAttribute("href"))!);
    expect([href.protocol, href.host, href.searchParams.get("secret")]).toEqual(["otpauth:", "totp", key]);
    expect(Math.min(...Object.values((await toApp.boundingBox())!).slice(2))).toBeGreaterThanOrEqual(44);

    const codeField = setup.getByLabel("2. Enter the 6-digit code the app shows");
    await codeField.fill("000000");
    await setup.getByRole("button", { name: "Turn on" }).click();
    expect(await fieldErrors(codeField)).toContain("That code is not right.");
    // The same key after a wrong code: the app's entry stays good.
    expect(((await setup.getByTestId("two-factor-key").textContent()) ?? "").replace(/\s/g, "")).toBe(key);

    await codeField.fill(appCode(key));
    await setup.getByRole("button", { name: "Turn on" }).click();
    const done = page.getByRole("dialog", { name: "Two-factor sign-in is on" });
    await done.waitFor();
    const codes = (await done.getByTestId("recovery-codes").locator("code").allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    const download = done.getByRole("link", { name: "Download as a text file" });
    expect(decodeURIComponent((await download.getAttribute("href")) ?? "")).toContain(codes[0]);
    await done.getByRole("link", { name: "I have saved them" }).click();
    await page.waitForURL(atPath(SECURITY));
    await done.waitFor({ state: "detached" });
    expect(await page.getByTestId("two-factor-status").textContent()).toContain("10 recovery codes are left.");

    // Signing in now takes the password, then a code.
    await signOut(page);
    await submitSignIn(page, { email });
    await page.waitForURL(atPath("/signin/two-factor"));
    await page.getByRole("heading", { name: "Enter your code" }).waitFor();
    // Half signed in is not signed in.
    await visit(page, "/user/contacts");
    await page.waitForURL(atPath("/signin"));
    await page.goto("/signin/two-factor");
    if (javaScript) await hydrated(page);
    const field = page.getByLabel("Code", { exact: true });
    await field.fill("123456");
    await page.getByRole("button", { name: "Sign in" }).click();
    expect(await fieldErrors(field)).toContain("That code is not right. Enter the 6-digit code your app shows now, or one of your recovery codes.");
    // Half a minute ahead: the step used to turn it on is never accepted twice.
    await field.fill(appCode(key, 30_000));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(atPath("/user"));
    await page.getByRole("heading", { name: "Welcome, Tessa Twofactor" }).waitFor();

    // And with a recovery code, once.
    await signOut(page);
    await submitSignIn(page, { email });
    await page.waitForURL(atPath("/signin/two-factor"));
    await page.getByLabel("Code", { exact: true }).fill(codes[0]);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(atPath("/user"));
    expect(await toast(page, "recovery code")).toContain("9 recovery codes are left.");
  });

  test("an admin resets it for a member who lost their phone, who then signs in with the password alone", async () => {
    const email = uniqueEmail("lost-phone");
    const member = await browser.newPage({ javaScript });
    await signUp(member, { name: "Lost Phone", email });
    await visit(member, `${SECURITY}/two-factor`);
    const setup = member.getByRole("dialog", { name: "Turn on two-factor sign-in" });
    const key = ((await setup.getByTestId("two-factor-key").textContent()) ?? "").replace(/\s/g, "");
    await setup.getByLabel("2. Enter the 6-digit code the app shows").fill(appCode(key));
    await setup.getByRole("button", { name: "Turn on" }).click();
    await member.getByRole("dialog", { name: "Two-factor sign-in is on" }).getByRole("link", { name: "I have saved them" }).click();
    await member.waitForURL(atPath(SECURITY));
    // Opened again (an old tab, the Back button), the setup says it is on already, and closes.
    await visit(member, `${SECURITY}/two-factor`);
    const already = member.getByRole("dialog", { name: "Two-factor sign-in" });
    expect(await already.getByText("Two-factor sign-in is already on for your account.").count()).toBe(1);
    await already.locator(".dialog-actions").getByRole("link", { name: "Close" }).click();
    await member.waitForURL(atPath(SECURITY));
    await signOut(member);

    const page = await browser.newPage({ javaScript });
    await signInHome(page, admin);
    await visit(page, `/user/admin/members?q=${encodeURIComponent(email)}`);
    await page.getByTestId("member-row").filter({ hasText: email }).locator("summary", { hasText: "Actions" }).click();
    await page.getByRole("link", { name: "Reset two-factor sign-in of Lost Phone" }).click();
    const dialog = page.getByRole("dialog", { name: "Reset two-factor sign-in for Lost Phone?" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Are you sure you want to turn off two-factor sign-in for this member?");
    await dialog.getByRole("button", { name: "Yes, turn it off" }).click();
    expect(await toast(page, "Two-factor sign-in is off")).toContain("Two-factor sign-in is off for Lost Phone, who has been told by e-mail.");
    expect(await page.getByRole("link", { name: "Reset two-factor sign-in of Lost Phone" }).count()).toBe(0);

    await signInHome(member, { email });
  });
});
