import type { Locator } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, detail, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { day } from "../fixtures/days";

const browser = useBrowser();

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "25 Nov 2026, 23:05": an instant on Tokyo's clock (UTC+9 all year), worked out here by hand. */
function inTokyo(iso: string) {
  const at = new Date(Date.parse(iso) + 9 * 3_600_000);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

function field(dialog: Locator, label: string) {
  return dialog.getByLabel(label, { exact: true });
}

describe.each(modes)("formatting $name", ({ javaScript }) => {
  test("a contact's phone number is shown in international form", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Funmi Format", email: uniqueEmail("format-phone") });
    await visit(page, "/user/contacts/add");
    const dialog = page.getByRole("dialog", { name: "Add a contact" });
    await hydrated(page);
    await field(dialog, "Name").fill("Tunde Phone");
    if ((await dialog.locator("details.extra-fields").getAttribute("open")) === null) await dialog.getByText("More details", { exact: true }).click();
    await field(dialog, "Phone").fill("+2348021234567");
    await dialog.getByRole("button", { name: "Add contact" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await toast(page, "added")).toContain("Contact added.");
    const phone = detail(page, "Phone");
    expect(await phone.textContent()).toBe("+234 802 123 4567");
    // Dialling still uses the stored number.
    expect(await phone.getByRole("link").getAttribute("href")).toBe("tel:+2348021234567");
  });

  test("a post's time is shown in the member's time zone once they choose one", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Tomoko Zone", email: uniqueEmail("format-zone") });
    const message = `What time is it? ${Date.now()} ${javaScript ? "js" : "nojs"}`;
    await visit(page, "/user/timeline/post/new");
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    await hydrated(page);
    await dialog.getByLabel("Message").fill(message);
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    expect(await toast(page, "shared")).toContain("Post shared.");

    await visit(page, "/user/settings/profile");
    await hydrated(page);
    await page.getByLabel("Time zone").selectOption("Asia/Tokyo");
    await page.getByRole("button", { name: "Save profile" }).click();
    expect(await toast(page, "saved")).toContain("Profile saved.");
    expect(await page.getByLabel("Time zone").inputValue()).toBe("Asia/Tokyo");

    await visit(page, "/user/timeline");
    await hydrated(page);
    const time = page.locator("article.post").filter({ hasText: message }).locator("time").first();
    const iso = (await time.getAttribute("datetime")) ?? "";
    expect(iso).toMatch(/Z$/);
    // With JS this is the text after hydration: the browser renders what the server did.
    expect(await time.textContent()).toBe(inTokyo(iso));
  });

  test("an event without an image shows a poster with its title, and its prices as a member says them", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Pat Poster", email: uniqueEmail("format-event") });
    await visit(page, "/user/events/create");
    const dialog = page.getByRole("dialog", { name: "Create an event" });
    await hydrated(page);
    const title = `Lagos founders night ${Date.now()} ${javaScript ? "js" : "nojs"}`;
    await field(dialog, "Title").fill(title);
    await field(dialog, "Start date").fill(day(30));
    await field(dialog, "Start time").fill("19:00");
    await field(dialog, "End date").fill(day(30));
    await field(dialog, "End time").fill("22:00");
    await field(dialog, "Time zone").selectOption("Africa/Lagos");
    await field(dialog, "General seats").fill("20");
    await field(dialog, "General ticket amount (USD)").fill("20");
    await field(dialog, "VIP seats").fill("5");
    await field(dialog, "VIP ticket amount (USD)").fill("50");
    await dialog.getByRole("button", { name: "Create event" }).click();
    await page.waitForURL((url) => /^\/user\/events\/\d+$/.test(url.pathname));
    await hydrated(page);

    // The event page: a poster in place of the image, the time in the event's own zone. Its
    // poster is the large one: with JS the address can change before the page under the
    // dialog (the list, a poster a card) has given way to the event's.
    const poster = page.locator(".event-poster--large");
    expect(await poster.textContent()).toContain(title);
    expect(await page.locator("img.event-hero").count()).toBe(0);
    expect(await detail(page, "When").textContent()).toMatch(/, 19:00 – 22:00 \(Africa\/Lagos\)$/);

    // Going: the home page lists it with its time in its own zone, named.
    // (With JS the button flips before the server answers: wait for the answer, not the button.)
    const saved = page.waitForResponse((response) => response.url().includes("/user/events/status") && response.request().method() === "POST");
    await page
      .getByRole("button", { name: /^Going:/ })
      .first()
      .click();
    await saved;
    await page.getByText("1 going").first().waitFor();
    await visit(page, "/user");
    const comingUp = page.getByRole("region", { name: "Coming up" }).getByRole("listitem").filter({ hasText: title });
    expect(await comingUp.textContent()).toMatch(/, 19:00 – 22:00 \(Africa\/Lagos\)/);

    // The list: the card's poster and the price line.
    await visit(page, `/user/events?q=${encodeURIComponent(title)}`);
    const card = page.getByTestId("event-card").filter({ hasText: title });
    expect(await card.getByTestId("event-poster").textContent()).toContain(title);
    expect(await card.locator(".event-prices").textContent()).toBe("General $20 · VIP $50");
  });
});
