import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { day } from "../fixtures/days";
import { atPath, dismissToast, fieldErrors, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

function field(scope: Locator, label: string) {
  return scope.getByLabel(label, { exact: true });
}

/** Creates an event through the events area's dialog; returns its id. */
async function createEvent(page: Page, title: string) {
  await visit(page, "/user/events/create");
  const dialog = page.getByRole("dialog", { name: "Create an event" });
  await dialog.waitFor();
  await hydrated(page);
  await field(dialog, "Title").fill(title);
  await field(dialog, "Start date").fill(day(30));
  await field(dialog, "Start time").fill("07:30");
  await field(dialog, "End date").fill(day(30));
  await field(dialog, "End time").fill("09:00");
  await field(dialog, "Venue").fill("The club house");
  await field(dialog, "General seats").fill("40");
  await dialog.getByRole("button", { name: "Create event" }).click();
  await page.waitForURL((url) => /^\/user\/events\/\d+$/.test(url.pathname));
  await hydrated(page);
  await dismissToast(page);
  return Number(new URL(page.url()).pathname.split("/").pop());
}

describe.each(modes)("visitors $name", ({ javaScript }) => {
  test("a member going records a visitor, invites them to join; the door lists them; a member not going gets 404", async () => {
    const run = `${javaScript ? "js" : "nojs"}${Date.now() % 100000}`;
    const organiser = await browser.newPage({ javaScript });
    await signUp(organiser, { name: `Olu Organiser ${run}`, email: uniqueEmail("organiser") });
    const title = `Breakfast ${run}`;
    const eventId = await createEvent(organiser, title);

    const member = await browser.newPage({ javaScript });
    const memberName = `Mia Member ${run}`;
    await signUp(member, { name: memberName, email: uniqueEmail("bringer") });
    await visit(member, `/user/events/${eventId}`);
    expect(await member.getByRole("link", { name: "Visitors you brought" }).count()).toBe(0);
    // With JavaScript the answer shows before the server has it: wait for the server's answer.
    const saved = javaScript ? member.waitForResponse((response) => response.url().includes("/user/events/status")) : null;
    await member
      .getByRole("button", { name: /^Going:/, pressed: false })
      .first()
      .click();
    await member
      .getByRole("button", { name: /^Going:/, pressed: true })
      .first()
      .waitFor();
    await saved;
    await visit(member, `/user/events/${eventId}`);
    await member.getByRole("link", { name: "Visitors you brought" }).click();
    await member.waitForURL(atPath(`/user/events/${eventId}/visitors`));
    let dialog = member.getByRole("dialog", { name: `Visitors at ${title}` });
    await dialog.waitFor();
    await hydrated(member);
    expect(await dialog.getByTestId("no-visitors").textContent()).toBe("No visitors recorded yet.");

    // Bad input is answered beside its field.
    await field(dialog, "E-mail (optional)").fill("not an address");
    await dialog.getByRole("button", { name: "Record visitor" }).click();
    dialog = member.getByRole("dialog", { name: `Visitors at ${title}` });
    await dialog.getByText("Name is required.").waitFor();
    expect(await fieldErrors(field(dialog, "E-mail (optional)"))).toContain("Please provide a valid email address.");

    await field(dialog, "Name").fill("Vera Visitor");
    await field(dialog, "E-mail (optional)").fill(`vera-${run}@example.com`);
    await field(dialog, "Business (optional)").fill("Vera's Bakery");
    await dialog.getByRole("button", { name: "Record visitor" }).click();
    expect(await toast(member, "is recorded as your visitor")).toContain(`Vera Visitor is recorded as your visitor at ${title}.`);
    await dismissToast(member);
    dialog = member.getByRole("dialog", { name: `Visitors at ${title}` });
    const visitor = dialog.getByTestId("visitor").filter({ hasText: "Vera Visitor" });
    expect(await visitor.textContent()).toContain("Vera's Bakery");
    expect(await visitor.textContent()).toContain("brought by you");

    // Inviting: the existing invitation form, filled in from the visitor.
    await hydrated(member);
    await visitor.getByRole("button", { name: /^Invite to join/ }).click();
    await member.waitForURL((url) => /^\/user\/contacts\/\d+\/invite$/.test(url.pathname));
    const invite = member.getByRole("dialog", { name: "Invite Vera Visitor" });
    await invite.waitFor();
    await hydrated(member);
    expect(await field(invite, "E-mail").inputValue()).toBe(`vera-${run}@example.com`);
    await invite.getByRole("button", { name: "Send invitation" }).click();
    expect(await toast(member, "Invitation sent")).toContain(`Invitation sent to vera-${run}@example.com.`);
    await member.waitForURL(atPath(`/user/events/${eventId}/visitors`));

    // The organiser's door lists the visitor, with who brought them.
    await visit(organiser, `/user/events/${eventId}/check-in`);
    const door = organiser.getByTestId("check-in-visitors");
    expect(await door.textContent()).toContain("Vera Visitor");
    expect(await door.textContent()).toContain(`Brought by ${memberName}`);

    // A member neither going nor holding a ticket: not found.
    const stranger = await browser.newPage({ javaScript });
    await signUp(stranger, { name: `Sam Stranger ${run}`, email: uniqueEmail("stranger") });
    const response = await stranger.goto(`/user/events/${eventId}/visitors`);
    expect(response?.status()).toBe(404);
  });
});
