import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { png } from "../fixtures/files";
import { atPath, dismissToast, fieldErrors, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { day } from "../fixtures/days";

const browser = useBrowser();

function field(dialog: Locator, label: string) {
  return dialog.getByLabel(label, { exact: true });
}

/** Gives the answer `label` ("Going", "Not interested"…) and waits for its button to be the
 * pressed one (with JS at once; without JS after the reload). */
async function answer(page: Page, label: string, javaScript: boolean) {
  // With JS the answer moves before the server answers: hold the request back and look.
  let answered = false;
  const hold = "**/user/events/status**";
  if (javaScript) {
    await page.route(hold, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      answered = true;
      await route.continue();
    });
  }
  const name = new RegExp(`^${label}:`);
  await page.getByRole("button", { name, pressed: false }).first().click();
  const pressed = page.getByRole("button", { name, pressed: true }).first();
  await pressed.waitFor({ timeout: javaScript ? 800 : undefined });
  // …filled, the other answer of the pair plain.
  expect(await pressed.getAttribute("class")).toContain("status-toggle--on");
  if (javaScript) {
    expect(answered).toBe(false);
    while (!answered) await page.waitForTimeout(50);
    await page.unroute(hold);
  }
  if (!javaScript) await hydrated(page);
}

describe.each(modes)("events $name", ({ javaScript }) => {
  test("a member creates, finds, marks, edits and deletes an event", async () => {
    const page = await browser.newPage({ javaScript });
    const name = `Evan Events ${javaScript ? "js" : "nojs"}`;
    await signUp(page, { name, email: uniqueEmail("events") });
    await followNav(page, "Events");
    await page.waitForURL(atPath("/user/events"));
    await hydrated(page);

    // Creating: the title is required, shown next to the field.
    await page.getByRole("link", { name: "Create an event" }).click();
    await page.waitForURL(atPath("/user/events/create"));
    let dialog = page.getByRole("dialog", { name: "Create an event" });
    await dialog.waitFor();
    await hydrated(page);
    const title = `Harbour summit ${Date.now()} ${javaScript ? "js" : "nojs"}`;
    await field(dialog, "Start date").fill(day(20));
    await field(dialog, "Start time").fill("18:00");
    await field(dialog, "End date").fill(day(20));
    await field(dialog, "End time").fill("17:00");
    await field(dialog, "Time zone").selectOption("Europe/Paris");
    await dialog.getByRole("button", { name: "Create event" }).click();
    dialog = page.getByRole("dialog", { name: "Create an event" });
    expect(await fieldErrors(field(dialog, "Title"))).toContain("Title is required.");
    expect(await fieldErrors(field(dialog, "End time"))).toContain("The end must be after the start.");

    await field(dialog, "Title").fill(title);
    await field(dialog, "End time").fill("21:30");
    await field(dialog, "Venue").fill("Pier 9 Hall");
    await field(dialog, "General seats").fill("20");
    await field(dialog, "General ticket amount (USD)").fill("15");
    await field(dialog, "VIP seats").fill("5");
    await dialog.locator('input[type="file"]').setInputFiles({ name: "stage.png", mimeType: "image/png", buffer: await png(160, 90) });
    await dialog.getByRole("button", { name: "Create event" }).click();
    await page.waitForURL((url) => /^\/user\/events\/\d+$/.test(url.pathname));
    expect(await toast(page, "created")).toContain("Event created.");
    await hydrated(page);
    const eventPath = new URL(page.url()).pathname;
    const id = Number(eventPath.split("/").pop());
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    await page.waitForFunction(() => (document.querySelector("img.event-hero") as HTMLImageElement | null)?.naturalWidth === 160);
    const general = page.getByTestId("ticket-general");
    expect(await general.textContent()).toContain("20 of 20 seats left");
    expect(await general.getByRole("link", { name: "Get ticket" }).getAttribute("href")).toBe(`/user/event/payment_form?event_id=${id}&ticket_type=general`);
    expect(await page.getByTestId("ticket-vip").textContent()).toContain("Free");
    // Replacing the image from the event page (progress and cancel with JS; a plain post without).
    await dismissToast(page);
    const upload = page.locator("form.image-upload");
    await upload.locator('input[type="file"]').setInputFiles({ name: "new.png", mimeType: "image/png", buffer: await png(200, 100) });
    if (!javaScript) {
      await upload.getByRole("button", { name: "Upload", exact: true }).click();
      expect(await toast(page, "image")).toContain("Event image saved.");
    }
    await page.waitForFunction(() => (document.querySelector("img.event-hero") as HTMLImageElement | null)?.naturalWidth === 200);
    await hydrated(page);
    const calendar = await page.request.get(`${eventPath}/calendar.ics`);
    // UTC instants (18:00 in Paris is 16:00 or 17:00 Z by the season), no VTIMEZONE.
    const ics = await calendar.text();
    expect(ics).toMatch(new RegExp(`DTSTART:${day(20).replace(/-/g, "")}T1[67]0000Z\r\n`));
    expect(ics).not.toContain("VTIMEZONE");
    await dismissToast(page);

    // Interested and Going flip, and the attenders list has the member.
    await answer(page, "Interested", javaScript);
    await page.getByText("1 interested").first().waitFor();
    await dismissToast(page);
    // Going is not answered yet: neither Going nor Not going is pressed, also as the page is
    // drawn again from what was stored.
    await visit(page, eventPath);
    await hydrated(page);
    const pressedAnswers = async () => (await page.locator(".event-toggles button[aria-pressed=true]").allTextContents()).map((text) => text.trim());
    expect(await pressedAnswers()).toEqual(["Interested"]);
    await answer(page, "Going", javaScript);
    expect(await page.getByRole("button", { name: /^Not going:/, pressed: false }).count()).toBeGreaterThan(0);
    await page.getByText("1 going").first().waitFor();
    await dismissToast(page);
    await page.getByRole("link", { name: "See who is going" }).click();
    const attenders = page.getByRole("dialog", { name: `Who is going to ${title}` });
    await attenders.waitFor();
    expect(await attenders.getByTestId("attenders").textContent()).toContain(name);
    await attenders.getByRole("link", { name: "Close" }).click();
    await page.waitForURL(atPath(eventPath));
    await hydrated(page);
    await answer(page, "Not interested", javaScript);
    await page.getByText("0 interested").first().waitFor();
    await dismissToast(page);

    // Editing from the detail page.
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(atPath(`/user/events/edit/${id}`));
    dialog = page.getByRole("dialog", { name: `Edit ${title}` });
    await dialog.waitFor();
    await hydrated(page);
    expect(await field(dialog, "Venue").inputValue()).toBe("Pier 9 Hall");
    await field(dialog, "Title").fill(`${title} (moved)`);
    await dialog.getByRole("button", { name: "Save event" }).click();
    await page.waitForURL(atPath(eventPath));
    expect(await toast(page, "saved")).toContain("Event saved.");
    await page.getByRole("heading", { name: `${title} (moved)`, level: 1 }).waitFor();

    // Searching the list: the address carries ?q=.
    await visit(page, "/user/events");
    await hydrated(page);
    if (javaScript) await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const search = page.getByLabel("Search events");
    await search.fill("pier 9");
    if (!javaScript) await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === "pier 9");
    const card = page.getByTestId("event-card").filter({ hasText: `${title} (moved)` });
    await card.waitFor();
    // The card asks for the light rendition, lazily, with its size (the image is 200x100).
    const cardImage = card.locator("img");
    expect(await cardImage.getAttribute("src")).toMatch(/^\/user\/files\/[\w-]+\?variant=medium$/);
    expect(await cardImage.getAttribute("loading")).toBe("lazy");
    expect([await cardImage.getAttribute("width"), await cardImage.getAttribute("height")]).toEqual(["200", "100"]);
    // With JS the results panel is swapped in the same document (no reload).
    if (javaScript) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // Opening Edit from the filtered list and closing it keeps ?q=.
    await hydrated(page);
    await card.getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(atPath(`/user/events/edit/${id}`));
    expect(new URL(page.url()).searchParams.get("q")).toBe("pier 9");
    dialog = page.getByRole("dialog", { name: `Edit ${title} (moved)` });
    await dialog.waitFor();
    await hydrated(page);
    await dialog.getByRole("link", { name: "Close" }).click();
    await page.waitForURL((url) => url.pathname === "/user/events" && url.searchParams.get("q") === "pier 9");
    await hydrated(page);
    await search.fill(`no such event ${Date.now()}`);
    if (!javaScript) await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.getByText("Nothing matches.").waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toMatch(/^no such event/);

    // Deleting from the filtered list asks first; cancelling and deleting both keep ?q=.
    await visit(page, "/user/events?q=pier+9");
    const filtered = page.getByTestId("event-card").filter({ hasText: `${title} (moved)` });
    await filtered.getByRole("link", { name: "Delete", exact: true }).click();
    let confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    await confirm.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/user/events" && url.searchParams.get("q") === "pier 9");
    await hydrated(page);
    await filtered.getByRole("link", { name: "Delete", exact: true }).click();
    confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("Are you sure you want to delete the event “");
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await page.waitForURL((url) => url.pathname === "/user/events" && url.searchParams.get("q") === "pier 9");
    expect(await toast(page, "deleted")).toContain("deleted.");
    expect(await page.getByTestId("event-card").filter({ hasText: title }).count()).toBe(0);
  });
});
