import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DOCUMENT_HEADS, noisyPng } from "../fixtures/files";
import { atPath, hydrated, modes, outcome, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { expectUploadCountingUp, slowConnection } from "./slow-upload";
import { loaded, type Picture, picture } from "./member-setup";

const browser = useBrowser();
const PHOTOS = "/user/settings/photos";
const NOT_AN_IMAGE = "Upload error: notes.png: Its content is not an image: it does not match the file's name.";

const notes: Picture = { name: "notes.png", mimeType: "image/png", buffer: DOCUMENT_HEADS.txt() };

function section(page: Page, heading: "Profile image" | "Cover image") {
  return page.getByRole("region", { name: heading });
}

function headerAvatar(page: Page) {
  return page.locator("header.app-header .account-member .avatar");
}

/** The address of the header's avatar image, once it is an image (not the placeholder). */
async function headerAvatarSrc(page: Page, not?: string | null) {
  const image = page.locator("header.app-header .account-member img.avatar");
  if (not) await page.locator(`header.app-header .account-member img.avatar:not([src="${not}"])`).waitFor();
  await loaded(image);
  return (await image.getAttribute("src"))!;
}

/** Chooses the file in the section's upload form; without JS it also presses Upload. With JS
 * choosing is enough: the upload starts at once. */
async function chooseAndUpload(page: Page, where: Locator, file: Picture, javaScript: boolean) {
  await where.locator('input[type="file"]').setInputFiles(file);
  if (!javaScript) {
    await where.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL(atPath(PHOTOS));
  }
}

describe.each(modes)("profile and cover images $name", ({ javaScript }) => {
  test("a member uploads, replaces and deletes a profile image; the header and /user show it", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Pia Photo", email: uniqueEmail("photos") });
    const placeholder = headerAvatar(page);
    expect(await placeholder.textContent()).toBe("P");
    expect(await page.locator("header.app-header img.avatar").count()).toBe(0);

    await visit(page, PHOTOS);
    const profile = section(page, "Profile image");
    await profile.getByLabel("Choose a profile image").waitFor();
    expect(await profile.getByRole("link", { name: "Delete" }).count()).toBe(0);

    await chooseAndUpload(page, profile, await picture("me.png", { r: 220, g: 40, b: 40 }), javaScript);
    expect(await outcome(page, profile, "saved", javaScript)).toContain("Profile image saved.");
    const first = await headerAvatarSrc(page);
    expect(first).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);
    await profile.getByLabel("Replace the profile image").waitFor();
    await loaded(profile.locator(`img.avatar[src="${first}"]`));

    // /user shows it beside the name, and the header still does.
    await visit(page, "/user");
    await loaded(page.locator(`.profile-identity img.avatar[src="${first}"]`));
    expect(await headerAvatarSrc(page)).toBe(first);

    // Replacing it: a new address (the old one is gone with its file).
    await visit(page, PHOTOS);
    await chooseAndUpload(page, profile, await picture("second.png", { r: 40, g: 40, b: 220 }), javaScript);
    expect(await outcome(page, profile, "saved", javaScript)).toContain("Profile image saved.");
    const second = await headerAvatarSrc(page, first);
    expect(second).not.toBe(first);
    expect((await page.request.get(first)).status()).toBe(404);
    expect((await page.request.get(second)).status()).toBe(200);

    // Deleting asks first.
    await profile.getByRole("link", { name: "Delete" }).click();
    await page.waitForURL(atPath(`${PHOTOS}/profile-image/delete`));
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Confirm!" });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Are you sure you want to delete this profile image?");
    await dialog.getByRole("button", { name: "Yes, delete" }).click();
    expect(await toast(page, "deleted")).toContain("Profile image deleted.");
    await page.waitForURL(atPath(PHOTOS));
    await page.locator("header.app-header .account-member .avatar--placeholder").waitFor();
    expect(await headerAvatar(page).textContent()).toBe("P");
    await profile.getByLabel("Choose a profile image").waitFor();
    expect((await page.request.get(second)).status()).toBe(404);
  });

  test("a cover image shows across the top of /user", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Cora Cover", email: uniqueEmail("cover") });
    expect(await page.locator("img.profile-cover").count()).toBe(0);
    await visit(page, PHOTOS);
    const cover = section(page, "Cover image");
    await chooseAndUpload(page, cover, await picture("wide.png", { r: 30, g: 140, b: 90 }, 900, 300), javaScript);
    expect(await outcome(page, cover, "saved", javaScript)).toContain("Cover image saved.");
    await loaded(cover.getByRole("img", { name: "Your cover image" }));

    await visit(page, "/user");
    const image = await loaded(page.locator("img.profile-cover"));
    expect(await image.getAttribute("src")).toMatch(/^\/user\/files\/[\w-]+$/);
    // A cover is not an avatar.
    expect(await headerAvatar(page).textContent()).toBe("C");

    await visit(page, PHOTOS);
    await cover.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm!" });
    await dialog.waitFor();
    await hydrated(page);
    expect(await dialog.textContent()).toContain("Are you sure you want to delete this cover image?");
    await dialog.getByRole("button", { name: "Yes, delete" }).click();
    expect(await toast(page, "deleted")).toContain("Cover image deleted.");
    await cover.getByRole("img", { name: "No cover image yet" }).waitFor();
  });

  test("a text file renamed .png is refused with the upload error, and the image stays", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Tex Text", email: uniqueEmail("notimage") });
    await visit(page, PHOTOS);
    const profile = section(page, "Profile image");
    await chooseAndUpload(page, profile, await picture("me.png", { r: 200, g: 160, b: 0 }), javaScript);
    await outcome(page, profile, "saved", javaScript);
    const before = await headerAvatarSrc(page);

    await chooseAndUpload(page, profile, notes, javaScript);
    expect(await outcome(page, profile, "Upload error", javaScript)).toContain(NOT_AN_IMAGE);
    // The previous image is still the one shown, here and in the header.
    await loaded(profile.locator(`img.avatar[src="${before}"]`));
    expect(await headerAvatarSrc(page)).toBe(before);
    await visit(page, PHOTOS);
    expect(await headerAvatarSrc(page)).toBe(before);
  });
});

describe("uploading with JavaScript", () => {
  test("the button shows the percentage; Cancel aborts and leaves the previous image", async () => {
    const { context, page } = await browser.signedUp("Slow Sam", "slow");
    await visit(page, PHOTOS);
    const profile = section(page, "Profile image");
    await chooseAndUpload(page, profile, await picture("first.png", { r: 90, g: 20, b: 160 }), true);
    await outcome(page, profile, "saved", true);
    const before = await headerAvatarSrc(page);

    // About 1.5 MB of noise (under the 2 MB limit), over a slow connection.
    const big = { name: "big.png", mimeType: "image/png", buffer: await noisyPng(700, 700, 7) };
    expect(big.buffer.length).toBeGreaterThan(1_400_000);
    expect(big.buffer.length).toBeLessThan(2_000_000);
    const fullSpeed = await slowConnection(context, page);

    const button = profile.getByRole("button", { name: /^Uploading \d+%$/ });
    await profile.locator('input[type="file"]').setInputFiles(big);
    await button.waitFor();
    // While it uploads, the chosen picture is previewed and the file input is disabled.
    await loaded(profile.getByRole("img", { name: "The chosen image" }));
    expect(await profile.locator('input[type="file"]').isDisabled()).toBe(true);
    await expectUploadCountingUp(button);

    await profile.getByRole("button", { name: "Cancel" }).click();
    await profile.getByRole("button", { name: "Upload", exact: true }).waitFor();
    expect(await profile.getByRole("button", { name: "Cancel" }).count()).toBe(0);
    expect(await profile.getByRole("alert").count()).toBe(0);
    await loaded(profile.locator(`img.avatar[src="${before}"]`));
    expect(await headerAvatarSrc(page)).toBe(before);
    expect(await profile.locator('input[type="file"]').isDisabled()).toBe(false);

    // Nothing was saved: the page, loaded afresh, still shows the first image.
    await fullSpeed();
    await visit(page, PHOTOS);
    expect(await headerAvatarSrc(page)).toBe(before);
  });

  test("a slow upload that is let finish counts up and then shows the new image", async () => {
    const { context, page } = await browser.signedUp("Patient Pat", "patient");
    await visit(page, PHOTOS);
    const profile = section(page, "Profile image");
    await slowConnection(context, page, { down: 400, up: 200 });
    const big = { name: "big.png", mimeType: "image/png", buffer: await noisyPng(600, 600, 11) };
    await profile.locator('input[type="file"]').setInputFiles(big);
    await profile.getByRole("button", { name: /^Uploading \d+%$/ }).waitFor();
    expect(await outcome(page, profile, "saved", true)).toContain("Profile image saved.");
    await profile.getByRole("button", { name: "Upload", exact: true }).waitFor();
    const src = await headerAvatarSrc(page);
    expect(src).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);
  });

  test("a file over the limit is refused before it is sent", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Big Bertha", email: uniqueEmail("big") });
    await visit(page, PHOTOS);
    const profile = section(page, "Profile image");
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/user/ajax/file_upload/")) posted = true;
    });
    const huge = { name: "huge.png", mimeType: "image/png", buffer: await noisyPng(1000, 1000, 3) };
    await profile.locator('input[type="file"]').setInputFiles(huge);
    expect(await outcome(page, profile, "Upload error", true)).toContain("Upload error: huge.png: The file is too large: the limit is 2 MB.");
    expect(posted).toBe(false);
    expect(await headerAvatar(page).textContent()).toBe("B");
  });
});

describe("uploading without JavaScript", () => {
  test("a file over the limit is refused by the server with the notification (not a reset connection)", async () => {
    const page = await browser.newPage({ javaScript: false });
    await signUp(page, { name: "Nora Nojs", email: uniqueEmail("bignojs") });
    // A little over the limit (stopped while it streams), and more than a megabyte over it.
    for (const [width, seed] of [
      [900, 5],
      [1300, 6],
    ]) {
      await visit(page, PHOTOS);
      const profile = section(page, "Profile image");
      const huge = { name: `huge-${width}.png`, mimeType: "image/png", buffer: await noisyPng(width, width, seed) };
      expect(huge.buffer.length).toBeGreaterThan(2_000_000);
      await chooseAndUpload(page, profile, huge, false);
      expect(await toast(page, "Upload error")).toContain(`Upload error: huge-${width}.png: The file is too large: the limit is 2 MB.`);
      expect(await headerAvatar(page).textContent()).toBe("N");
    }
  });
});
