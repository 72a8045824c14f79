import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { png } from "../fixtures/files";
import { atPath, baseURL, dismissToast, fieldErrors, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { day } from "../fixtures/days";

const browser = useBrowser();

/** Creates an event through its dialog and returns its title. */
async function createEvent(page: Page, title: string) {
  await visit(page, "/user/events/create");
  const dialog = page.getByRole("dialog", { name: "Create an event" });
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Start date", { exact: true }).fill(day(12));
  await dialog.getByLabel("Start time", { exact: true }).fill("10:00");
  await dialog.getByLabel("End date", { exact: true }).fill(day(12));
  await dialog.getByLabel("End time", { exact: true }).fill("12:00");
  await dialog.getByRole("button", { name: "Create event" }).click();
  await page.waitForURL((url) => /^\/user\/events\/\d+$/.test(url.pathname));
  await hydrated(page);
}

describe.each(modes)("offers $name", ({ javaScript }) => {
  test("a member creates an offer for an event, adds an image, shares the public link; others find it by event", async () => {
    const suffix = `${Date.now()} ${javaScript ? "js" : "nojs"}`;
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: `Otto Offers ${suffix}`, email: uniqueEmail("offers") });
    const eventTitle = `Expo ${suffix}`;
    await createEvent(page, eventTitle);

    await followNav(page, "Offers");
    await page.waitForURL(atPath("/user/offers"));
    await hydrated(page);
    await page.getByRole("link", { name: "Create an offer" }).click();
    let dialog = page.getByRole("dialog", { name: "Create an offer" });
    await dialog.waitFor();
    await hydrated(page);
    await dialog.getByLabel("Price", { exact: true }).fill("abc");
    await dialog.getByRole("button", { name: "Create offer" }).click();
    dialog = page.getByRole("dialog", { name: "Create an offer" });
    expect(await fieldErrors(dialog.getByLabel("Title", { exact: true }))).toContain("Title is required.");
    expect(await fieldErrors(dialog.getByLabel("Price", { exact: true }))).toContain("Enter an amount like 25 or 25.50.");

    const title = `Booth space ${suffix}`;
    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await dialog.getByLabel("Price", { exact: true }).fill("250");
    await dialog.getByLabel("Description", { exact: true }).fill("A corner booth near the entrance.");
    const eventSelect = dialog.getByLabel("Event", { exact: true });
    const option = eventSelect.locator("option", { hasText: eventTitle });
    await eventSelect.selectOption((await option.getAttribute("value"))!);
    await dialog.locator('input[type="file"]').setInputFiles({ name: "booth.png", mimeType: "image/png", buffer: await png(120, 80) });
    await dialog.getByRole("button", { name: "Create offer" }).click();
    await page.waitForURL((url) => /^\/user\/offers\/\d+$/.test(url.pathname));
    expect(await toast(page, "created")).toContain("Offer created.");
    await hydrated(page);
    await page.getByRole("heading", { name: title, level: 1 }).waitFor();
    expect(await page.locator(".offer-images img").count()).toBe(1);
    // Shown whole, at its own 3:2 shape, not cut to a box.
    const shown = await page
      .locator(".offer-images img")
      .first()
      .evaluate(async (img: HTMLImageElement) => {
        await img.decode().catch(() => undefined);
        const box = img.getBoundingClientRect();
        return { ratio: box.width / box.height, fit: getComputedStyle(img).objectFit };
      });
    expect(shown.fit).not.toBe("cover");
    expect(shown.ratio).toBeCloseTo(1.5, 1);
    await dismissToast(page);

    // A second image through the upload control.
    const upload = page.locator("form.image-upload");
    await upload.locator('input[type="file"]').setInputFiles({ name: "second.png", mimeType: "image/png", buffer: await png(90, 60) });
    if (!javaScript) await upload.getByRole("button", { name: "Upload", exact: true }).click();
    await page.locator(".offer-images img").nth(1).waitFor();
    await dismissToast(page);

    const publicLink = (await page.getByTestId("public-link").textContent())!;
    expect(publicLink).toMatch(/\/non-user-product\?product_id=[\w-]{24}$/);

    // Another member finds it by event and marks interest.
    const other = await browser.newPage({ javaScript });
    await signUp(other, { name: `Ines Interested ${suffix}`, email: uniqueEmail("offers-other") });
    await visit(other, "/user/offers");
    if (javaScript) await other.evaluate(() => Object.assign(window, { sameDocument: true }));
    const search = other.getByLabel("Search by event");
    await search.selectOption((await search.locator("option", { hasText: eventTitle }).getAttribute("value"))!);
    if (!javaScript) await other.getByRole("button", { name: "Search", exact: true }).click();
    await other.waitForURL((url) => url.searchParams.has("event_id"));
    await hydrated(other);
    const cards = other.getByTestId("offer-card");
    await cards.filter({ hasText: title }).waitFor();
    await expect.poll(() => cards.count()).toBe(1);
    // With JS only the results changed: the same document, no reload.
    if (javaScript) expect(await other.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    const coverImage = cards.first().locator("img");
    expect(await coverImage.getAttribute("src")).toMatch(/\?variant=medium$/);
    expect(await coverImage.getAttribute("loading")).toBe("lazy");
    // With JS the button flips before the server answers (the request is held back a second).
    let answered = false;
    if (javaScript) {
      await other.route("**/user/offers/status**", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        answered = true;
        await route.continue();
      });
    }
    // Not answered yet: neither answer pressed.
    expect(await other.getByRole("button", { name: `Not interested: ${title}`, exact: true, pressed: false }).count()).toBe(1);
    await other.getByRole("button", { name: `Interested: ${title}`, exact: true, pressed: false }).click();
    const flipped = other.getByRole("button", { name: `Interested: ${title}`, exact: true, pressed: true });
    await flipped.waitFor({ timeout: javaScript ? 800 : undefined });
    if (javaScript) {
      expect(answered).toBe(false);
      expect(await flipped.getAttribute("class")).toContain("status-toggle--on");
      while (!answered) await other.waitForTimeout(50);
      await other.unroute("**/user/offers/status**");
    }
    await other.getByText("1 interested").waitFor();
    // The member opening the public link lands on the member view.
    await other.goto(publicLink);
    await other.waitForURL(atPath(new URL(page.url()).pathname));

    // A visitor (signed out) opens the public link.
    const visitor = await browser.newPage({ javaScript });
    const response = await visitor.goto(publicLink);
    expect(response?.status()).toBe(200);
    await visitor.getByRole("heading", { name: title, level: 1 }).waitFor();
    expect(await visitor.locator(".public-offer").textContent()).toContain(`Otto Offers ${suffix}`);
    const images = visitor.locator(".offer-images img");
    expect(await images.count()).toBe(2);
    const src = (await images.first().getAttribute("src"))!;
    expect(src).toMatch(/^\/offer-images\/[\w-]+\?variant=medium$/);
    expect((await visitor.request.get(`${baseURL}${src}`)).status()).toBe(200);
    await visitor.getByRole("link", { name: "Sign up" }).click();
    await visitor.waitForURL(atPath("/signup"));
    expect((await visitor.goto(`/non-user-product?product_id=${new URL(page.url()).pathname.split("/").pop()}`))?.status()).toBe(404);

    // The owner deletes it; the public link is gone.
    await visit(page, new URL(page.url()).pathname);
    await page.getByRole("link", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm!" });
    await confirm.waitFor();
    await hydrated(page);
    expect(await confirm.textContent()).toContain("Are you sure you want to delete the offer “");
    await confirm.getByRole("button", { name: "Yes, delete" }).click();
    await page.waitForURL(atPath("/user/offers"));
    expect(await toast(page, "deleted")).toContain("deleted.");
    expect((await visitor.goto(publicLink))?.status()).toBe(404);
  });
  test("the owner edits an offer from its page: the dialog holds what was saved, refuses an empty title, and saves the change", async () => {
    const suffix = `${Date.now()} ${javaScript ? "js" : "nojs"}`;
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: `Edna Editor ${suffix}`, email: uniqueEmail("offers-edit") });
    await visit(page, "/user/offers/create");
    let dialog = page.getByRole("dialog", { name: "Create an offer" });
    await dialog.waitFor();
    await hydrated(page);
    const title = `Mentoring hour ${suffix}`;
    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await dialog.getByLabel("Price", { exact: true }).fill("80");
    await dialog.getByRole("button", { name: "Create offer" }).click();
    await page.waitForURL((url) => /^\/user\/offers\/\d+$/.test(url.pathname));
    const offerPath = new URL(page.url()).pathname;
    await hydrated(page);
    await dismissToast(page);

    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await page.waitForURL(atPath(`/user/offers/edit/${offerPath.split("/").pop()}`));
    dialog = page.getByRole("dialog", { name: `Edit ${title}` });
    await dialog.waitFor();
    await hydrated(page);
    expect(await dialog.getByLabel("Title", { exact: true }).inputValue()).toBe(title);
    expect(await dialog.getByLabel("Price", { exact: true }).inputValue()).toBe("80");

    await dialog.getByLabel("Title", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Save offer" }).click();
    dialog = page.getByRole("dialog", { name: `Edit ${title}` });
    expect(await fieldErrors(dialog.getByLabel("Title", { exact: true }))).toContain("Title is required.");

    const renamed = `Mentoring afternoon ${suffix}`;
    await dialog.getByLabel("Title", { exact: true }).fill(renamed);
    await dialog.getByLabel("Price", { exact: true }).fill("120.50");
    await dialog.getByLabel("Description", { exact: true }).fill("Three hours with a founder who sold twice.");
    await dialog.getByRole("button", { name: "Save offer" }).click();
    await page.waitForURL(atPath(offerPath));
    expect(await toast(page, "saved")).toContain("Offer saved.");
    await page.getByRole("heading", { name: renamed, level: 1 }).waitFor();
    expect(await page.locator("main").textContent()).toContain("Three hours with a founder who sold twice.");
    expect(await page.locator(".details dd").first().textContent()).toMatch(/120\.50/);

    // The list shows the new title, and the old one is gone.
    await visit(page, "/user/offers");
    await page.getByTestId("offer-card").filter({ hasText: renamed }).waitFor();
    expect(await page.getByTestId("offer-card").filter({ hasText: title }).count()).toBe(0);
  });
});
