import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { DOCUMENT_HEADS, noisyPng, VIDEO_HEADS } from "../fixtures/files";
import { atPath, confirmDeletion, followNav, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";
import { expectUploadCountingUp, slowConnection } from "./slow-upload";
import { loaded, type Picture, picture, setPhoto } from "./member-setup";

const browser = useBrowser();

/** A post photo: small and landscape. */
const postPicture = (name: string, colour: { r: number; g: number; b: number }) => picture(name, colour, 160, 120);

/** Chooses files in the post form. With JS each uploads at once: waits until all show
 * "Remove" (uploaded). Without JS they go with the form. */
async function attach(dialog: Locator, files: Picture[], javaScript: boolean) {
  await dialog.locator('input[type="file"]').setInputFiles(files);
  if (!javaScript) return;
  for (const file of files) await dialog.getByRole("button", { name: `Remove ${file.name}` }).waitFor();
}

function postCard(page: Page, text: string) {
  return page.locator("article.post").filter({ hasText: text });
}

describe.each(modes)("the timeline $name", ({ javaScript }) => {
  test("post with photos, edit keeping one and adding one, comment, delete the comment, delete the post", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Tina Timeline", email: uniqueEmail("timeline") });
    await followNav(page, "Timeline");
    await page.waitForURL(atPath("/user/timeline"));
    await hydrated(page);
    await page.getByRole("heading", { name: "Timeline", level: 1 }).waitFor();

    // Write a post with two photos.
    await page.getByRole("link", { name: "Write a post" }).click();
    await page.waitForURL(atPath("/user/timeline/post/new"));
    await hydrated(page);
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    const postButton = dialog.getByRole("button", { name: "Post", exact: true });
    if (javaScript) expect(await postButton.isDisabled()).toBe(true);
    const red = await postPicture("red.png", { r: 220, g: 20, b: 20 });
    const blue = await postPicture("blue.png", { r: 20, g: 20, b: 220 });
    await attach(dialog, [red, blue], javaScript);
    expect(await postButton.isEnabled()).toBe(true);
    await dialog.getByLabel("Message").fill("Hello members!\n<script>alert(1)</script>");
    await dialog.getByLabel("Who may see it").selectOption({ label: "Friends only" });
    await postButton.click();
    await page.waitForURL(atPath("/user/timeline"));
    expect(await toast(page, "shared")).toContain("Post shared.");
    const card = postCard(page, "Hello members!");
    await card.waitFor();
    // The message is text: the tag shows as typed, newlines are kept.
    expect(await card.locator(".post-message").textContent()).toBe("Hello members!\n<script>alert(1)</script>");
    expect(await card.textContent()).toContain("Friends only");
    const thumbs = card.locator(".carousel-thumbs img");
    expect(await thumbs.count()).toBe(2);
    const photos = card.locator(".carousel-item img");
    const blueSrc = (await photos.nth(1).getAttribute("src"))!;
    expect((await page.request.get(blueSrc)).status()).toBe(200);
    if (javaScript) {
      await card.getByRole("button", { name: "Next photo" }).click();
      await card.getByText("2 / 2").waitFor();
      await card.getByRole("button", { name: "Next photo" }).click();
      await card.getByText("1 / 2").waitFor();
    }

    // Edit: keep red, drop blue, add green.
    await card.getByRole("link", { name: "Edit" }).click();
    await page.waitForURL(atPath(`/user/timeline/post/${(await card.getAttribute("id"))!.replace("post-", "")}/edit`));
    await hydrated(page);
    const edit = page.getByRole("dialog", { name: "Edit your post" });
    await edit.getByLabel("Keep blue.png").uncheck();
    const green = await postPicture("green.png", { r: 20, g: 200, b: 20 });
    await attach(edit, [green], javaScript);
    await edit.getByLabel("Message").fill("Hello again");
    await edit.getByRole("button", { name: "Save" }).click();
    await page.waitForURL(atPath("/user/timeline"));
    expect(await toast(page, "updated")).toContain("Post updated.");
    const edited = postCard(page, "Hello again");
    await edited.waitFor();
    expect(await edited.locator(".carousel-item img").evaluateAll((images) => images.map((image) => image.getAttribute("alt")))).toEqual([
      "red.png",
      "green.png",
    ]);
    expect((await page.request.get(blueSrc)).status()).toBe(404);

    // Comment, then delete the comment.
    await edited.getByLabel("Write a comment").fill("First comment");
    await edited.getByRole("button", { name: "Comment", exact: true }).click();
    await edited.locator(".comment-message", { hasText: "First comment" }).waitFor();
    expect(await edited.locator(".post-comment-count").textContent()).toBe("1 comment");
    // Its confirmation lives under the post's address; Cancel and deleting come back here.
    const postId = (await edited.getAttribute("id"))!.replace("post-", "");
    await edited.getByRole("link", { name: "Delete the comment of Tina Timeline" }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/user/timeline/post/${postId}/comments/`));
    await hydrated(page);
    await page.getByRole("dialog", { name: "Confirm!" }).getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((url) => url.pathname === "/user/timeline" && url.hash === `#post-${postId}`);
    await page.getByRole("dialog", { name: "Confirm!" }).waitFor({ state: "detached" });
    expect(await edited.locator(".post-comment-count").textContent()).toBe("1 comment");
    await edited.getByRole("link", { name: "Delete the comment of Tina Timeline" }).click();
    await confirmDeletion(page, "Are you sure you want to delete this comment?");
    await page.waitForURL((url) => url.pathname === "/user/timeline" && url.hash === `#post-${postId}`);
    expect(await toast(page, "deleted")).toContain("Comment deleted.");
    await page.getByRole("heading", { name: "Timeline", level: 1 }).waitFor();
    const single = postCard(page, "Hello again");
    await single.getByText("0 comments").waitFor();

    // Delete the post: its files go with it.
    const redSrc = (await single.locator(".carousel-item img").first().getAttribute("src"))!;
    await single.getByRole("link", { name: "Delete" }).click();
    await confirmDeletion(page, "Are you sure you want to delete this post?");
    await page.waitForURL(atPath("/user/timeline"));
    expect(await toast(page, "deleted")).toContain("Post deleted.");
    await postCard(page, "Hello again").waitFor({ state: "detached" });
    expect((await page.request.get(redSrc)).status()).toBe(404);
  });
});

describe("the post form with JavaScript", () => {
  test("a refused file disappears with 'Upload error: {name}: {message}'; Post follows the message and the uploads", async () => {
    const page = await browser.newPage({ javaScript: true });
    await signUp(page, { name: "Uma Upload", email: uniqueEmail("timeline-js") });
    await visit(page, "/user/timeline/post/new");
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    const postButton = dialog.getByRole("button", { name: "Post", exact: true });
    expect(await postButton.isDisabled()).toBe(true);
    await dialog.locator('input[type="file"]').setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: DOCUMENT_HEADS.txt() });
    const error = dialog.getByRole("alert").filter({ hasText: "Upload error: notes.png:" });
    await error.waitFor();
    expect(await dialog.locator(".upload-preview").count()).toBe(0);
    expect(await postButton.isDisabled()).toBe(true);
    await dialog.getByLabel("Message").fill("Just text");
    expect(await postButton.isEnabled()).toBe(true);
    await dialog.getByLabel("Message").fill("");
    expect(await postButton.isDisabled()).toBe(true);
    // A removed upload no longer counts.
    await attach(dialog, [await postPicture("one.png", { r: 1, g: 2, b: 3 })], true);
    expect(await postButton.isEnabled()).toBe(true);
    await dialog.getByRole("button", { name: "Remove one.png" }).click();
    expect(await postButton.isDisabled()).toBe(true);
  });
});

describe("uploading a post's file with JavaScript", () => {
  test("while a file uploads Post stays disabled and the preview counts up; Cancel removes it and the post goes without it", async () => {
    const { context, page } = await browser.signedUp("Carl Cancel", "timeline-cancel");
    await visit(page, "/user/timeline/post/new");
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    const postButton = dialog.getByRole("button", { name: "Post", exact: true });
    const small = await postPicture("small.png", { r: 200, g: 120, b: 0 });
    await attach(dialog, [small], true);

    // About 1.5 MB of noise over a slow connection (as in the photos e2e).
    const fullSpeed = await slowConnection(context, page);
    const big = { name: "big.png", mimeType: "image/png", buffer: await noisyPng(700, 700, 7) };
    await dialog.locator('input[type="file"]').setInputFiles(big);
    const bigPreview = dialog.locator(".upload-preview").filter({ hasText: "big.png" });
    const progress = bigPreview.getByText(/^Uploading \d+%$/);
    await progress.waitFor();
    await dialog.getByLabel("Message").fill("Only the small one");
    // "Only me": the e2e server is shared, and other tests count the posts they see.
    await dialog.getByLabel("Who may see it").selectOption({ label: "Only me" });
    expect(await postButton.isDisabled()).toBe(true);
    await expectUploadCountingUp(progress);
    // Still uploading: still disabled.
    expect(await postButton.isDisabled()).toBe(true);

    await dialog.getByRole("button", { name: "Cancel big.png" }).click();
    await bigPreview.waitFor({ state: "detached" });
    expect(await dialog.locator(".upload-preview").count()).toBe(1);
    expect(await dialog.getByRole("alert").count()).toBe(0);
    expect(await postButton.isEnabled()).toBe(true);

    await fullSpeed();
    await postButton.click();
    await page.waitForURL(atPath("/user/timeline"));
    expect(await toast(page, "shared")).toContain("Post shared.");
    const card = postCard(page, "Only the small one");
    await card.waitFor();
    expect(await card.locator(".carousel-item img").evaluateAll((images) => images.map((image) => image.getAttribute("alt")))).toEqual(["small.png"]);
  });
});

describe.each(modes)("older posts and videos $name", ({ javaScript }) => {
  test("Load more shows the next 20 posts; a video plays in a player opened on click", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Lou Loadmore", email: uniqueEmail("timeline-more") });
    await visit(page, "/user/timeline/post/new");
    const csrf = (await page.locator('input[name="csrf"]').first().getAttribute("value"))!;
    // 22 posts straight through the form's action, the oldest with a video; "only me", so
    // that other tests' members' posts stay out of this member's timeline.
    const video = await page.request.post("/user/timeline/post/new", {
      multipart: {
        csrf,
        message: "Post 0 with a video",
        privacy: "private",
        attachments: { name: "pitch.mp4", mimeType: "video/mp4", buffer: VIDEO_HEADS.mp4() },
      },
      maxRedirects: 0,
    });
    expect(video.status()).toBe(302);
    for (let n = 1; n < 22; n++) {
      const response = await page.request.post("/user/timeline/post/new", { multipart: { csrf, message: `Post ${n}`, privacy: "private" }, maxRedirects: 0 });
      expect(response.status()).toBe(302);
    }
    await visit(page, "/user/timeline");
    // Other tests' members' public posts are older and may follow Lou's: count Lou's.
    const posts = page.locator("article.post").filter({ has: page.locator(".post-author", { hasText: "Lou Loadmore" }) });
    expect(await page.locator("article.post").count()).toBe(20);
    expect(await posts.count()).toBe(20);
    expect(await posts.first().locator(".post-message").textContent()).toBe("Post 21");
    await page.getByRole("link", { name: "Load more" }).click();
    if (javaScript) {
      await postCard(page, "Post 0 with a video").waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/user/timeline");
      expect(await posts.count()).toBe(22);
    } else {
      await page.waitForURL((url) => url.searchParams.has("before"));
      expect(await posts.count()).toBe(2);
    }
    const card = postCard(page, "Post 0 with a video");
    const player = card.locator("video");
    expect(await player.isVisible()).toBe(false);
    await card.getByText("▶ Play pitch.mp4").click();
    await player.waitFor();
    expect(await player.getAttribute("preload")).toBe("none");
    expect((await page.request.get((await player.getAttribute("src"))!)).status()).toBe(200);
  });
});

describe.each(modes)("a member's own page $name", ({ javaScript }) => {
  test("shows their profile image, cover image and posts once they have them", async () => {
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: "Mona Mypage", email: uniqueEmail("mypage") });
    await page.getByRole("link", { name: "Your page" }).click();
    await page.waitForURL((url) => /^\/user\/members\/\d+$/.test(url.pathname));
    const mine = new URL(page.url()).pathname;
    // Nothing yet: the first letter, no cover, no posts.
    expect(await page.locator(".profile-identity .avatar--placeholder").textContent()).toBe("M");
    expect(await page.locator("img.profile-cover").count()).toBe(0);
    await page.getByText("You have not posted yet.").waitFor();

    await setPhoto(page, "Profile image", await picture("me.png", { r: 200, g: 30, b: 90 }), javaScript);
    await setPhoto(page, "Cover image", await picture("wide.png", { r: 30, g: 140, b: 90 }, 900, 300), javaScript);
    await visit(page, "/user/settings/photos");
    const coverSrc = (await (
      await loaded(page.getByRole("region", { name: "Cover image" }).getByRole("img", { name: "Your cover image" }))
    ).getAttribute("src"))!;
    const avatarSrc = (await (await loaded(page.locator("header.app-header .account-member img.avatar"))).getAttribute("src"))!;
    expect(avatarSrc).toMatch(/^\/user\/files\/[\w-]+\?variant=thumbnail$/);

    await visit(page, "/user/timeline/post/new");
    const dialog = page.getByRole("dialog", { name: "Write a post" });
    await dialog.getByLabel("Message").fill("On my own page");
    await dialog.getByLabel("Who may see it").selectOption({ label: "Only me" });
    await dialog.getByRole("button", { name: "Post", exact: true }).click();
    await page.waitForURL(atPath("/user/timeline"));
    await toast(page, "Post shared.");

    await visit(page, mine);
    await page.getByRole("heading", { name: "Mona Mypage", level: 1 }).waitFor();
    expect(await (await loaded(page.locator(".profile-identity img.avatar"))).getAttribute("src")).toBe(avatarSrc);
    expect(await page.locator(".profile-identity .avatar--placeholder").count()).toBe(0);
    expect(await (await loaded(page.locator("img.profile-cover"))).getAttribute("src")).toBe(coverSrc);
    await page.getByRole("heading", { name: "Your posts" }).waitFor();
    expect(await page.locator("article.post .post-message").allTextContents()).toEqual(["On my own page"]);
  });
});
