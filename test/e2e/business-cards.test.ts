import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { noisyPng, png } from "../fixtures/files";
import { addContact, atPath, confirmDeletion, hydrated, modes, outcome, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { expectUploadCountingUp, slowConnection } from "./slow-upload";

const browser = useBrowser();

describe.each(modes)("a contact's business cards $name", ({ javaScript }) => {
  test("upload a card (framed in the crop dialog with JS, centred without), see it listed, delete it", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Carla Card", email: uniqueEmail("cards") });
    const id = await addContact(page, "Grace Hopper");
    const section = page.getByRole("region", { name: "Business cards" });
    expect(await section.textContent()).toContain("0 business cards");

    const cardsPath = `/user/contacts/${id}/business-cards`;
    await section.getByRole("link", { name: "Add a business card" }).click();
    await page.waitForURL(atPath(cardsPath));
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Business cards of Grace Hopper" });
    await dialog.getByText("No business cards yet.").waitFor();
    expect(await dialog.textContent()).toContain("0 business cards");
    // No cards: the add area as it is, no "Add More".
    expect(await dialog.locator("summary", { hasText: "Add More" }).isVisible()).toBe(false);
    expect(await dialog.getByLabel("Choose a business card image").isVisible()).toBe(true);

    const file = { name: "card.png", mimeType: "image/png", buffer: await png(400, 300) };
    await dialog.locator('input[type="file"]').setInputFiles(file);
    if (javaScript) {
      const crop = page.getByRole("dialog", { name: "Position and size of business card" });
      await crop.waitFor();
      await crop.locator("cropper-selection").waitFor({ state: "attached" });
      const save = crop.getByRole("button", { name: "Save" });
      await expect.poll(() => save.isEnabled()).toBe(true);
      // Dragging the frame far to the left stops it at the image's left edge.
      const frame = (await crop.locator("cropper-selection").boundingBox())!;
      await page.mouse.move(frame.x + frame.width / 2, frame.y + frame.height / 2);
      await page.mouse.down();
      await page.mouse.move(frame.x + frame.width / 2 - 150, frame.y + frame.height / 2, { steps: 10 });
      await page.mouse.up();
      await save.click();
      await crop.waitFor({ state: "detached" });
    } else {
      await dialog.getByRole("button", { name: "Upload", exact: true }).click();
      await page.waitForURL(atPath(cardsPath));
    }
    expect(await outcome(page, dialog, "saved", javaScript)).toContain("Business card card.png saved.");
    const card = dialog.getByRole("listitem").filter({ has: page.getByRole("img", { name: "Business card card.png" }) });
    await card.waitFor();
    expect(await dialog.textContent()).toContain("1 business card");
    // Now a list: the add area is behind "Add More" (folded after a reload without JS, left
    // open with JS for the upload's outcome).
    const addMore = dialog.locator("summary", { hasText: "Add More" });
    await addMore.waitFor();
    expect(await dialog.getByLabel("Add another business card").isVisible()).toBe(javaScript);

    // The card is a 3:2 crop of the photo; without JS its largest centred part.
    const src = (await card.getByRole("img").getAttribute("src"))!;
    const served = await page.request.get(src);
    expect(served.status()).toBe(200);
    const { width, height } = await sharp(await served.body()).metadata();
    expect(width! * 2).toBe(height! * 3);
    // With JS too: the frame the dialog starts with is the largest 3:2 part, centred, so
    // saving without adjusting keeps the whole card (the drag left could not move it).
    expect([width, height]).toEqual([399, 266]);
    expect(await card.getByRole("link", { name: "Open business card card.png" }).getAttribute("href")).toBe(src);
    // The rectangle kept with the card, in the photo's pixels (SPEC.md's list address).
    const listed = await page.request.get(`/user/business_card/ajax_list_by_contact/${id}`, { headers: { Accept: "application/json" } });
    const { total_cards, cards } = await listed.json();
    expect(total_cards).toBe(1);
    expect(cards[0].crop).toEqual({ x: 0, y: 17, width: 399, height: 266 });

    // Closing goes back to the profile, which counts it.
    await dialog.getByRole("link", { name: "Close" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await section.textContent()).toContain("1 business card");

    // Deleting asks first; the list then shows its empty state.
    await section.getByRole("link", { name: "Show business cards" }).click();
    await page.waitForURL(atPath(cardsPath));
    await hydrated(page);
    // Opened with a card listed: "Add More" unfolds the add area.
    expect(await dialog.getByLabel("Add another business card").isVisible()).toBe(false);
    await addMore.click();
    await dialog.getByLabel("Add another business card").waitFor({ state: "visible" });
    await dialog.getByRole("link", { name: "Delete business card card.png" }).click();
    await confirmDeletion(page, "Are you sure you want to delete this business card?", cardsPath);
    expect(await toast(page, "deleted")).toContain("Business card deleted.");
    await dialog.getByText("No business cards yet.").waitFor();
    expect(await dialog.textContent()).toContain("0 business cards");
    expect((await page.request.get(src)).status()).toBe(404);
  });

  test("a contact's profile image: upload in the edit dialog, shown in the grid, deleted after confirming", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Pia Photo", email: uniqueEmail("contactphoto") });
    const id = await addContact(page, "Ada Lovelace");
    const editPath = `/user/contacts/edit/${id}`;
    await visit(page, editPath);
    const dialog = page.getByRole("dialog", { name: "Edit Ada Lovelace" });
    await dialog.locator('input[type="file"]').setInputFiles({ name: "ada.png", mimeType: "image/png", buffer: await png(120, 120) });
    if (!javaScript) {
      await dialog.getByRole("button", { name: "Upload", exact: true }).click();
      await page.waitForURL(atPath(editPath));
    }
    expect(await outcome(page, dialog, "saved", javaScript)).toContain("Profile image of Ada Lovelace saved.");
    const deleteLink = dialog.getByRole("link", { name: "Delete" });
    await deleteLink.waitFor();

    const grid = page.getByTestId("contact-card").filter({ hasText: "Ada Lovelace" });
    const avatar = grid.locator("img.avatar");
    await avatar.waitFor();
    const src = (await avatar.getAttribute("src"))!;
    expect(src).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);
    expect((await page.request.get(src)).status()).toBe(200);

    await deleteLink.click();
    await confirmDeletion(page, "Are you sure you want to delete this profile image?", editPath);
    expect(await toast(page, "deleted")).toContain("Profile image of Ada Lovelace deleted.");
    await grid.locator(".avatar--placeholder").waitFor();
    expect((await page.request.get(src)).status()).toBe(404);
  });
});

describe("uploading a business card with JavaScript", () => {
  test("after the crop, the button shows the percentage; Cancel aborts and no card is added", async () => {
    const { context, page } = await browser.signedUp("Slow Cara", "slowcard");
    const id = await addContact(page, "Grace Hopper");
    const cardsPath = `/user/contacts/${id}/business-cards`;
    await visit(page, cardsPath);
    const dialog = page.getByRole("dialog", { name: "Business cards of Grace Hopper" });
    await dialog.getByText("No business cards yet.").waitFor();

    // About 1.5 MB of noise, over a slow connection.
    const big = { name: "big-card.png", mimeType: "image/png", buffer: await noisyPng(700, 700, 3) };
    expect(big.buffer.length).toBeGreaterThan(1_400_000);
    const fullSpeed = await slowConnection(context, page);

    await dialog.getByLabel("Choose a business card image").setInputFiles(big);
    const crop = page.getByRole("dialog", { name: "Position and size of business card" });
    await crop.waitFor();
    const save = crop.getByRole("button", { name: "Save" });
    await expect.poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await crop.waitFor({ state: "detached" });

    const button = dialog.getByRole("button", { name: /^Uploading \d+%$/ });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    await expectUploadCountingUp(button);

    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.getByRole("button", { name: "Upload", exact: true }).waitFor();
    expect(await dialog.getByRole("button", { name: "Cancel" }).count()).toBe(0);
    expect(await dialog.getByRole("alert").count()).toBe(0);
    expect(await dialog.getByText("No business cards yet.").isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain("0 business cards");

    // Nothing was kept.
    await fullSpeed();
    await visit(page, cardsPath);
    await dialog.getByText("No business cards yet.").waitFor();
    const listed = await page.request.get(`/user/business_card/ajax_list_by_contact/${id}`, { headers: { Accept: "application/json" } });
    expect((await listed.json()).total_cards).toBe(0);
  });
});
