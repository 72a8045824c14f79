import { describe, expect, test } from "vitest";
import {
  admin,
  atPath,
  formError,
  linkInMail,
  modes,
  openOutboxMail,
  requestResetLink,
  signIn,
  signInHome,
  signOut,
  signUp,
  toast,
  uniqueEmail,
  useBrowser,
  visit,
} from "./browser";

const browser = useBrowser();
const NEW_PASSWORD = "a brand new password";

describe.each(modes)("password reset $name", ({ javaScript }) => {
  test("a member resets a forgotten password with the link from the admin's outbox", async () => {
    const member = await browser.newPage({ javaScript });
    const email = uniqueEmail("forgot");
    await signUp(member, { name: "Forgetful Member", email });
    await signOut(member);

    await requestResetLink(member, email);
    expect(await toast(member, "we have sent a link")).toContain(
      `If ${email} belongs to a member, we have sent a link to that address to choose a new password.`,
    );

    // No SMTP server is configured: the admin finds the mail in the outbox.
    const adminPage = await browser.newPage({ javaScript });
    await signInHome(adminPage, admin);
    const mail = await openOutboxMail(adminPage, { to: email, subject: "Reset your Chapter password" });
    expect(await mail.getByTestId("mail-text").textContent()).toContain("Hello Forgetful Member,");
    const link = await linkInMail(mail);
    expect(new URL(link).pathname).toMatch(/^\/reset-password\/[\w-]{20,}$/);

    await visit(member, link);
    await member.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await member.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await member.getByLabel("Repeat the new password", { exact: true }).fill(NEW_PASSWORD);
    await member.getByRole("button", { name: "Set the new password" }).click();
    await member.waitForURL(atPath("/user"));
    expect(await toast(member, "Your new password is set")).toContain("You are signed in");
    await member.getByRole("heading", { name: "Welcome, Forgetful Member" }).waitFor();

    await signOut(member);
    await signIn(member, { email });
    expect(await formError(member, "not right")).toContain("The e-mail or password is not right.");
    await signInHome(member, { email, password: NEW_PASSWORD });
    await signOut(member);

    const again = await visit(member, link);
    expect(again?.status()).toBe(410);
    await member.getByRole("heading", { name: "This link no longer works" }).waitFor();
    expect(await member.getByLabel("New password", { exact: true }).count()).toBe(0);
  });
});
