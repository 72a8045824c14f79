import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DOCUMENT_HEADS, headed, VIDEO_HEADS } from "../fixtures/files";
import { addContact, atPath, confirmDeletion, hydrated, modes, outcome, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { expectUploadCountingUp, slowConnection } from "./slow-upload";

const browser = useBrowser();

type Upload = { name: string; mimeType: string; buffer: Buffer };
const video: Upload = { name: "pitch.mp4", mimeType: "video/mp4", buffer: VIDEO_HEADS.mp4() };
const documentFile: Upload = { name: "deck.pdf", mimeType: "application/pdf", buffer: DOCUMENT_HEADS.pdf() };

/** Chooses the file; without JS also presses Upload (with JS choosing starts the upload). */
async function upload(page: Page, dialog: Locator, file: Upload, javaScript: boolean, path: string) {
  await dialog.locator('input[type="file"]').setInputFiles(file);
  if (!javaScript) {
    await dialog.getByRole("button", { name: "Upload", exact: true }).click();
    await page.waitForURL(atPath(path));
  }
}

/** SPEC.md §4's "Add More": the <summary> that unfolds the add area, drawn as a button. */
function addMoreButton(dialog: Locator) {
  return dialog.locator("summary", { hasText: "Add More" });
}

describe.each(modes)("a contact's videos and documents $name", ({ javaScript }) => {
  test("upload a video and a document, see them listed, delete them through the confirmations", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Vera Video", email: uniqueEmail("contactfiles") });
    const id = await addContact(page, "Grace Hopper");
    const files = page.getByRole("region", { name: "Videos and documents" });
    expect(await files.textContent()).toContain("0 videos");
    expect(await files.textContent()).toContain("0 documents");

    // Videos: the add area first, then the list with "Add More".
    const videosPath = `/user/contacts/${id}/videos`;
    await files.getByRole("link", { name: "Videos" }).click();
    await page.waitForURL(atPath(videosPath));
    await hydrated(page);
    const videos = page.getByRole("dialog", { name: "Videos of Grace Hopper" });
    await videos.getByText("No videos yet.").waitFor();
    // No videos: the add area is shown as it is, with no "Add More" to press.
    const addMore = addMoreButton(videos);
    expect(await addMore.isVisible()).toBe(false);
    expect(await videos.getByLabel("Choose a video").isVisible()).toBe(true);
    await upload(page, videos, video, javaScript, videosPath);
    expect(await outcome(page, videos, "saved", javaScript)).toContain("Video pitch.mp4 saved.");
    await addMore.waitFor();
    // Without JS the page comes back with the add area folded; with JS it stays open for the
    // upload's outcome.
    expect(await videos.getByLabel("Add more videos").isVisible()).toBe(javaScript);
    const item = videos.getByRole("listitem").filter({ hasText: "pitch.mp4" });
    await item.waitFor();
    // The player is there once the entry is opened, and loads nothing before.
    await item.locator("summary").click();
    const player = item.locator("video");
    await player.waitFor();
    expect(await player.getAttribute("preload")).toBe("none");
    const src = (await player.getAttribute("src"))!;
    expect(src).toMatch(/^\/user\/files\/[\w-]+$/);
    expect((await page.request.get(src)).status()).toBe(200);

    // Closing goes back to the profile, which counts the video.
    await videos.getByRole("link", { name: "Close" }).click();
    await page.waitForURL(atPath("/user/profile"));
    expect(await files.textContent()).toContain("1 video");

    // Documents.
    const documentsPath = `/user/contacts/${id}/documents`;
    await files.getByRole("link", { name: "Documents" }).click();
    await page.waitForURL(atPath(documentsPath));
    await hydrated(page);
    const documents = page.getByRole("dialog", { name: "Documents of Grace Hopper" });
    await documents.getByText("No documents yet.").waitFor();
    await upload(page, documents, documentFile, javaScript, documentsPath);
    expect(await outcome(page, documents, "saved", javaScript)).toContain("Document deck.pdf saved.");
    const row = documents.getByRole("row").filter({ hasText: "deck.pdf" });
    await row.waitFor();
    expect(await row.textContent()).toContain("PDF");
    const download = row.getByRole("link", { name: "Download deck.pdf" });
    const href = (await download.getAttribute("href"))!;
    const served = await page.request.get(href);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-disposition"]).toContain("attachment");

    // Deleting the document asks first; the list comes back empty.
    await row.getByRole("link", { name: "Delete deck.pdf" }).click();
    await confirmDeletion(page, "Are you sure you want to delete the document “deck.pdf”?", documentsPath);
    expect(await toast(page, "deleted")).toContain("Document deck.pdf deleted.");
    await documents.getByText("No documents yet.").waitFor();
    expect((await page.request.get(href)).status()).toBe(404);

    // With videos the add area is folded behind "Add More", which unfolds it.
    await visit(page, videosPath);
    const addMoreInput = videos.getByLabel("Add more videos");
    expect(await addMoreInput.isVisible()).toBe(false);
    await addMore.click();
    await addMoreInput.waitFor({ state: "visible" });

    // And the video.
    await videos.getByRole("link", { name: "Delete pitch.mp4" }).click();
    await confirmDeletion(page, "Are you sure you want to delete the video “pitch.mp4”?", videosPath);
    expect(await toast(page, "deleted")).toContain("Video pitch.mp4 deleted.");
    await videos.getByText("No videos yet.").waitFor();
    expect((await page.request.get(src)).status()).toBe(404);
  });
});

describe("uploading a video with JavaScript", () => {
  test("the button shows the percentage; Cancel aborts and no video is added", async () => {
    const { context, page } = await browser.signedUp("Slow Sid", "slowvideo");
    const id = await addContact(page, "Grace Hopper");
    const videosPath = `/user/contacts/${id}/videos`;
    await visit(page, videosPath);
    const videos = page.getByRole("dialog", { name: "Videos of Grace Hopper" });
    await videos.getByText("No videos yet.").waitFor();

    // 1.5 MB over a slow connection.
    const big: Upload = { name: "long-pitch.mp4", mimeType: "video/mp4", buffer: headed(VIDEO_HEADS.mp4().subarray(0, 32), 1_500_000) };
    const fullSpeed = await slowConnection(context, page);

    const button = videos.getByRole("button", { name: /^Uploading \d+%$/ });
    await videos.getByLabel("Choose a video").setInputFiles(big);
    await button.waitFor();
    expect(await videos.getByLabel("Choose a video").isDisabled()).toBe(true);
    await expectUploadCountingUp(button);

    await videos.getByRole("button", { name: "Cancel" }).click();
    // As before: the upload button, no error, no video, the add area still open.
    await videos.getByRole("button", { name: "Upload", exact: true }).waitFor();
    expect(await videos.getByRole("button", { name: "Cancel" }).count()).toBe(0);
    expect(await videos.getByRole("alert").count()).toBe(0);
    expect(await videos.getByLabel("Choose a video").isDisabled()).toBe(false);
    expect(await videos.getByText("No videos yet.").isVisible()).toBe(true);

    // Nothing was kept: the dialog loaded afresh has no video either.
    await fullSpeed();
    await visit(page, videosPath);
    await videos.getByText("No videos yet.").waitFor();
    expect(await videos.getByRole("list", { name: "Videos" }).count()).toBe(0);
  });
});
