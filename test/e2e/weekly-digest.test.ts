import { describe, expect, test } from "vitest";
import { atPath, modes, signUp, submitSignIn, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { useServerData } from "./tour-data";

const browser = useBrowser();

/** The digest's own link to turn it off, for the member with this e-mail (signed with the
 * server's secret, which is in its data folder). */
async function unsubscribePath(email: string) {
  useServerData();
  const { memberIdByEmail } = await import("~/features/members/members.server");
  const { unsubscribeToken } = await import("~/features/digest/subscription.server");
  const id = await memberIdByEmail(email);
  if (!id) throw new Error(`No member ${email}`);
  return `/digest/unsubscribe/${unsubscribeToken(id)}`;
}

describe.each(modes)("the weekly digest $name", ({ javaScript }) => {
  test("a member turns it off from the e-mail's link without signing in, and back on in Settings", async () => {
    const email = uniqueEmail("digest");
    const signUpPage = await browser.newPage({ javaScript });
    await signUp(signUpPage, { name: "Dina Digest", email });
    const path = await unsubscribePath(email);

    const reader = await browser.newPage({ javaScript });
    expect((await visit(reader, path))?.status()).toBe(200);
    await reader.getByRole("heading", { name: "The weekly digest" }).waitFor();
    expect(await reader.getByText("Once a week, d•••@example.com gets an e-mail").count()).toBe(1);
    await reader.getByRole("button", { name: "Stop the weekly digest" }).click();
    await reader.getByRole("status").filter({ hasText: "The weekly digest is no longer e-mailed to d•••@example.com." }).waitFor();
    // Opened again, it says so rather than offering the button.
    await visit(reader, path);
    await reader.getByText("The weekly digest is no longer e-mailed").waitFor();
    expect(await reader.getByRole("button", { name: "Stop the weekly digest" }).count()).toBe(0);

    await reader.getByRole("link", { name: "your notification settings" }).click();
    await reader.waitForURL(atPath("/signin"));
    await submitSignIn(reader, { email });
    await reader.waitForURL(atPath("/user/settings/notifications"));
    const box = reader.getByLabel("E-mail me a weekly digest of what happened in the club");
    expect(await box.isChecked()).toBe(false);
    expect(await reader.getByLabel(/Also e-mail them to me/).isChecked()).toBe(true);
    await box.check();
    await reader.getByRole("button", { name: "Save" }).click();
    expect(await toast(reader, "weekly digest")).toContain("The weekly digest is e-mailed to you again.");
    await visit(reader, "/user/settings/notifications");
    expect(await reader.getByLabel("E-mail me a weekly digest of what happened in the club").isChecked()).toBe(true);
  });
});
