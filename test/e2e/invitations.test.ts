import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { png } from "../fixtures/files";
import {
  admin,
  atPath,
  dismissToast,
  fieldErrors,
  hydrated,
  linkInMail,
  modes,
  openOutboxMail,
  PASSWORD,
  signInHome,
  signUp,
  toast,
  uniqueEmail,
  useBrowser,
  visit,
} from "./browser";

const browser = useBrowser();

/** Adds a contact through the add dialog; lands on its profile. */
async function addContact(page: Page, name: string, email: string) {
  await visit(page, "/user/contacts/add");
  const dialog = page.getByRole("dialog", { name: "Add a contact" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  await dialog.getByLabel("E-mail", { exact: true }).fill(email);
  await dialog.getByRole("button", { name: "Add contact" }).click();
  await page.waitForURL(atPath("/user/profile"));
  await toast(page, "Contact added.");
  await hydrated(page);
  return Number(new URL(page.url()).searchParams.get("cicid"));
}

describe.each(modes)("invitations $name", ({ javaScript }) => {
  test("a member invites a contact, re-invites, and the contact joins through the link", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Ines Inviter", email: uniqueEmail("inviter") });
    const inviteeEmail = uniqueEmail("invitee");
    const id = await addContact(page, "Nora Newcomer", inviteeEmail);
    const state = page.getByTestId("invitation-state");
    expect(await state.textContent()).toBe("Not invited yet.");

    // The invite dialog, from the profile, prefilled from the contact.
    await dismissToast(page);
    await page.getByRole("link", { name: "Invite Nora Newcomer to Chapter" }).click();
    await page.waitForURL(atPath(`/user/contacts/${id}/invite`));
    let dialog = page.getByRole("dialog", { name: "Invite Nora Newcomer" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await dialog.getByLabel("E-mail", { exact: true }).inputValue()).toBe(inviteeEmail);
    expect(await dialog.getByLabel("Name", { exact: true }).inputValue()).toBe("Nora Newcomer");

    // An image to go with it, on the one upload path (without JS: Upload, and back to the
    // dialog); removed, and chosen again.
    const attachImage = async (name: string) => {
      await dialog.locator('input[type="file"]').setInputFiles({ name, mimeType: "image/png", buffer: await png(120, 80) });
      if (!javaScript) await dialog.getByRole("button", { name: "Upload", exact: true }).click();
      dialog = page.getByRole("dialog", { name: "Invite Nora Newcomer" });
      await dialog.getByRole("img", { name: "The invitation image" }).waitFor();
      await hydrated(page);
    };
    await attachImage("first.png");
    await dismissToast(page);
    await dialog.getByRole("button", { name: "Remove", exact: true }).click();
    expect(await toast(page, "removed")).toContain("Invitation image removed.");
    dialog = page.getByRole("dialog", { name: "Invite Nora Newcomer" });
    await dialog.getByRole("button", { name: "Remove", exact: true }).waitFor({ state: "detached" });
    expect(await dialog.getByRole("img", { name: "The invitation image" }).count()).toBe(0);
    await hydrated(page);
    await attachImage("dinner.png");

    // Required, then checked on the server: the admin's address belongs to a member.
    await dialog.getByLabel("E-mail", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    dialog = page.getByRole("dialog", { name: "Invite Nora Newcomer" });
    expect(await fieldErrors(dialog.getByLabel("E-mail", { exact: true }))).toContain("Email is required.");
    await dialog.getByLabel("E-mail", { exact: true }).fill(admin.email);
    if (javaScript) {
      // Checked as the member leaves the field.
      await dialog.getByLabel("Personal message", { exact: true }).focus();
    } else {
      await dialog.getByRole("button", { name: "Send invitation" }).click();
      dialog = page.getByRole("dialog", { name: "Invite Nora Newcomer" });
    }
    await dialog.getByText("This person is already a member of Chapter.").waitFor();
    expect(await fieldErrors(dialog.getByLabel("E-mail", { exact: true }))).toContain("This person is already a member of Chapter.");

    await dialog.getByLabel("E-mail", { exact: true }).fill(inviteeEmail);
    await dialog.getByLabel("Personal message", { exact: true }).fill("Join us for the spring dinner!");
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await page.waitForURL((url) => url.pathname === "/user/profile" && url.searchParams.get("cicid") === String(id));
    expect(await toast(page, "Invitation sent")).toContain(`Invitation sent to ${inviteeEmail}.`);
    await hydrated(page);
    expect(await state.textContent()).toMatch(/^Invited on \d{1,2} [A-Z][a-z]{2} \d{4} to /);

    // Re-invite: a new link, counted; with JS in place, without JS by a reload.
    await dismissToast(page);
    const section = page.getByRole("region", { name: "Invitation to Chapter" });
    await section.getByRole("button", { name: "Re-invite Nora Newcomer" }).click();
    expect(await toast(page, "sent again")).toContain(`Invitation sent again to ${inviteeEmail}.`);
    await page.getByText(/^Re-invited once, last on \d{1,2} [A-Z][a-z]{2} \d{4} to /).waitFor();

    // The grid shows the state too.
    await visit(page, "/user/contacts");
    const card = page.getByTestId("contact-card").filter({ hasText: "Nora Newcomer" });
    await card.getByText(/^Invited \d{1,2} [A-Z][a-z]{2} \d{4}$/).waitFor();
    expect(await card.getByRole("button", { name: "Re-invite Nora Newcomer" }).count()).toBe(1);

    // The invitee opens the newest link from the outbox and signs up.
    const adminPage = await browser.newPage({ javaScript });
    await signInHome(adminPage, admin);
    const mail = await openOutboxMail(adminPage, { to: inviteeEmail, subject: "Ines Inviter invites you to join Chapter" });
    const link = await linkInMail(mail);
    expect(new URL(link).pathname).toBe("/signup");

    const invitee = await browser.newPage({ javaScript });
    await visit(invitee, `${new URL(link).pathname}${new URL(link).search}`);
    const invitation = invitee.getByTestId("invitation");
    expect(await invitation.textContent()).toContain("Ines Inviter invited you to join Chapter.");
    expect(await invitation.textContent()).toContain("Join us for the spring dinner!");
    const image = await invitation.locator("img").getAttribute("src");
    expect(image).toMatch(/^\/invitations\/[\w-]+\/image$/);
    expect((await invitee.request.get(image!)).status()).toBe(200);
    expect(await invitee.getByLabel("E-mail", { exact: true }).inputValue()).toBe(inviteeEmail);
    expect(await invitee.getByLabel("Name", { exact: true }).inputValue()).toBe("Nora Newcomer");
    await invitee.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await invitee.getByLabel("I am").selectOption({ label: "Investor" });
    await invitee.getByRole("button", { name: "Create my account" }).click();
    await invitee.waitForURL(atPath("/user"));
    await toast(invitee, "Welcome to Chapter, Nora Newcomer!");

    // The link is used up; the contact shows that Nora joined.
    const again = await browser.newPage({ javaScript });
    await visit(again, `${new URL(link).pathname}${new URL(link).search}`);
    expect(await again.getByTestId("invitation").textContent()).toContain("This invitation link no longer works");
    await visit(page, `/user/profile?cicid=${id}`);
    expect(await state.textContent()).toMatch(/^Joined Chapter on \d{1,2} [A-Z][a-z]{2} \d{4}\.$/);
    await page.getByRole("region", { name: "Invitation to Chapter" }).getByText("Joined Chapter", { exact: true }).waitFor();
  });
});

/** Holds the POSTs whose path matches until `release()` is called; other requests pass. */
async function holdPosts(page: Page, pattern: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(pattern, async (route) => {
    if (route.request().method() === "POST") {
      held.push(route.request().url());
      await released;
    }
    await route.continue();
  });
  return { release, held };
}

describe("invitation buttons with JavaScript", () => {
  test("Send invitation and Re-invite are disabled while the request is on its way, then replaced by the new state", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Hal Holder", email: uniqueEmail("holder") });
    const email = uniqueEmail("held-invitee");
    const id = await addContact(page, "Pia Pending", email);
    const state = page.getByTestId("invitation-state");
    const section = page.getByRole("region", { name: "Invitation to Chapter" });

    // Invite: the dialog's button is disabled until the answer is in.
    await dismissToast(page);
    await section.getByRole("link", { name: "Invite Pia Pending to Chapter" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite Pia Pending" });
    await dialog.waitFor();
    await hydrated(page);
    const invite = await holdPosts(page, `**/user/contacts/${id}/invite?**`);
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    const sending = dialog.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    await page.waitForFunction(() => document.querySelector("dialog button[aria-busy=true]") !== null);
    expect(invite.held).toHaveLength(1);
    invite.release();
    await page.waitForURL((url) => url.pathname === "/user/profile" && url.searchParams.get("cicid") === String(id));
    expect(await toast(page, "Invitation sent")).toContain(`Invitation sent to ${email}.`);
    // Replaced by the new state: "Invited", and Re-invite where Invite was.
    await page.getByRole("dialog", { name: "Invite Pia Pending" }).waitFor({ state: "detached" });
    expect(await state.textContent()).toMatch(/^Invited on \d{1,2} [A-Z][a-z]{2} \d{4} to /);
    expect(await section.getByRole("link", { name: "Invite Pia Pending to Chapter" }).count()).toBe(0);
    const reinvite = section.getByRole("button", { name: "Re-invite Pia Pending" });
    expect(await reinvite.isEnabled()).toBe(true);
    expect(invite.held).toHaveLength(1);

    // Re-invite on the profile: disabled and "Sending..." while held; a second click sends
    // nothing more; then "Re-invited once" and the button is back.
    await dismissToast(page);
    const again = await holdPosts(page, "**/user/reinvite**");
    await reinvite.click();
    await page.waitForFunction(() => document.querySelector('button[aria-label="Re-invite Pia Pending"]')?.textContent === "Sending...");
    expect(await reinvite.isDisabled()).toBe(true);
    await reinvite.click({ force: true });
    // The POST leaves once Remix has found the route (lazy discovery), maybe after the label.
    await expect.poll(() => again.held.length).toBe(1);
    again.release();
    expect(await toast(page, "sent again")).toContain(`Invitation sent again to ${email}.`);
    await page.getByText(/^Re-invited once, last on \d{1,2} [A-Z][a-z]{2} \d{4} to /).waitFor();
    await page.waitForFunction(() => document.querySelector('button[aria-label="Re-invite Pia Pending"]')?.textContent === "Re-invite");
    expect(await reinvite.isEnabled()).toBe(true);
    expect(again.held).toHaveLength(1);

    // The grid's Re-invite: the same, and the card's state follows.
    await visit(page, "/user/contacts");
    const card = page.getByTestId("contact-card").filter({ hasText: "Pia Pending" });
    const sent = card.getByText(/^Invited \d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(await sent.getAttribute("title")).toMatch(/^Re-invited once, /);
    const gridButton = card.getByRole("button", { name: "Re-invite Pia Pending" });
    const grid = await holdPosts(page, "**/user/reinvite**");
    await gridButton.click();
    await page.waitForFunction(() => document.querySelector('button[aria-label="Re-invite Pia Pending"]')?.textContent === "Sending...");
    expect(await gridButton.isDisabled()).toBe(true);
    grid.release();
    expect(await toast(page, "sent again")).toContain(`Invitation sent again to ${email}.`);
    await page.waitForFunction(() => document.querySelector('[title^="Re-invited 2 times, "]') !== null);
    expect(await gridButton.isEnabled()).toBe(true);
    expect(grid.held).toHaveLength(1);
  });
});
