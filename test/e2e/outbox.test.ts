import { describe, expect, test } from "vitest";
import { admin, baseURL, linkInMail, modes, openOutboxMail, requestResetLink, signInHome, signUp, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

describe.each(modes)("mail outbox $name", ({ javaScript }) => {
  test("a plain member gets a 404 page, not the admin's outbox", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Plain Member", email: uniqueEmail("plain") });
    expect(await page.getByRole("banner").getByRole("link", { name: "Admin", includeHidden: true }).count()).toBe(0);

    const response = await visit(page, "/user/admin/outbox");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.getByRole("heading", { name: "Mail outbox" }).count()).toBe(0);
  });
});

describe("mail outbox copy button with JavaScript", () => {
  test("copying a link says Copied! for about a second", async () => {
    const member = await browser.newPage({ javaScript: true });
    const email = uniqueEmail("copy");
    await signUp(member, { name: "Copy Target", email });
    const signedOut = await browser.newPage({ javaScript: true });
    await requestResetLink(signedOut, email);

    const context = await browser.newContext({ javaScript: true });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const page = await context.newPage();
    await signInHome(page, admin);
    const mail = await openOutboxMail(page, { to: email, subject: "Reset your Chapter password" });
    const link = await linkInMail(mail);

    const feedback = mail.getByRole("status").filter({ hasText: /Copied!|Failed!/ });
    expect(await feedback.count()).toBe(0);
    await mail.getByRole("button", { name: "Copy link" }).click();
    await feedback.waitFor();
    expect(await feedback.textContent()).toBe("Copied!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // SPEC: the feedback goes away after 1 s (allow for a slow machine, not for "never").
    await feedback.waitFor({ state: "detached", timeout: 3_000 });
    expect(await feedback.count()).toBe(0);
  });
});
