import type { Locator, Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import { atPath, dismissToast, hydrated, modes, signUp, toast, uniqueEmail, useBrowser, visit } from "./browser";

const browser = useBrowser();

async function writePost(page: Page, message: string) {
  await visit(page, "/user/timeline/post/new");
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Write a post" });
  await dialog.getByLabel("Message").fill(message);
  await dialog.getByLabel("Who may see it").selectOption({ label: "Public (all members)" });
  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await page.waitForURL(atPath("/user/timeline"));
  await toast(page, "Post shared.");
  await dismissToast(page);
}

function postCard(page: Page, text: string) {
  return page.locator("article.post").filter({ hasText: text });
}

function button(group: Locator, label: string) {
  return group.getByRole("button", { name: new RegExp(`^${label}\\b`) });
}

async function pressed(group: Locator) {
  const result: Record<string, string | null> = {};
  for (const label of ["Like", "Celebrate", "Insightful"]) result[label] = await button(group, label).getAttribute("aria-pressed");
  return result;
}

/** Presses a reaction button and waits until the page shows it saved: with JS in place (no
 * new document), without JS a new page at the same post or comment. */
async function press(page: Page, group: Locator, label: string, javaScript: boolean, { expectPressed }: { expectPressed: boolean }) {
  if (javaScript) await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await button(group, label).click();
  await expect.poll(() => button(group, label).getAttribute("aria-pressed")).toBe(String(expectPressed));
  if (javaScript) {
    // The server's answer is in (the fetcher is done) and the document is still the same one.
    await page.waitForFunction(() => !document.querySelector(".reaction-form [aria-busy]") && document.readyState === "complete");
    await toast(page, expectPressed ? "You" : "taken back");
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  } else {
    await toast(page, expectPressed ? "You" : "taken back");
    expect(new URL(page.url()).hash).toMatch(/^#(post-\d+-reactions|comment-\d+)$/);
  }
  await dismissToast(page);
}

describe.each(modes)("reactions $name", ({ javaScript }) => {
  test("react to a post and a comment, change it, see who reacted; the author gets one grouped notice", async () => {
    const suffix = javaScript ? "js" : "nojs";
    const message = `Our new warehouse opened today (${suffix}, ${Date.now()})`;
    const ada = await browser.newPage({ javaScript });
    await signUp(ada, { name: `Ada Author ${suffix}`, email: uniqueEmail("reactions-ada") });
    await writePost(ada, message);
    const adaCard = postCard(ada, message);
    await adaCard.getByLabel("Write a comment").fill("Thank you all for the introductions.");
    await adaCard.getByRole("button", { name: "Comment" }).click();
    await adaCard.locator(".comment").filter({ hasText: "Thank you all" }).waitFor();

    const bob = await browser.newPage({ javaScript });
    await signUp(bob, { name: `Bob Reactor ${suffix}`, email: uniqueEmail("reactions-bob") });
    await visit(bob, "/user/timeline");
    await hydrated(bob);
    const card = postCard(bob, message);
    const postReactions = card.getByRole("group", { name: `Reactions to the post of Ada Author ${suffix}` });
    expect(await pressed(postReactions)).toEqual({ Like: "false", Celebrate: "false", Insightful: "false" });

    await press(bob, postReactions, "Like", javaScript, { expectPressed: true });
    expect(await pressed(postReactions)).toEqual({ Like: "true", Celebrate: "false", Insightful: "false" });
    expect(await button(postReactions, "Like").textContent()).toContain("Like 1");

    // Changed: one reaction per member, so Like is released and its count goes.
    await press(bob, postReactions, "Celebrate", javaScript, { expectPressed: true });
    expect(await pressed(postReactions)).toEqual({ Like: "false", Celebrate: "true", Insightful: "false" });
    expect(await button(postReactions, "Like").textContent()).not.toMatch(/\d/);
    expect(await button(postReactions, "Celebrate").textContent()).toContain("Celebrate 1");

    const commentReactions = card.getByRole("group", { name: `Reactions to the comment of Ada Author ${suffix}` });
    await press(bob, commentReactions, "Insightful", javaScript, { expectPressed: true });
    expect(await pressed(commentReactions)).toEqual({ Like: "false", Celebrate: "false", Insightful: "true" });

    const cy = await browser.newPage({ javaScript });
    await signUp(cy, { name: `Cy Cheer ${suffix}`, email: uniqueEmail("reactions-cy") });
    await visit(cy, "/user/timeline");
    await hydrated(cy);
    await press(cy, postCard(cy, message).getByRole("group", { name: `Reactions to the post of Ada Author ${suffix}` }), "Like", javaScript, {
      expectPressed: true,
    });

    // Who reacted: a dialog listing the members and their reactions.
    await visit(bob, "/user/timeline");
    await hydrated(bob);
    await postReactions.getByRole("link", { name: "2 reactions" }).click();
    const dialog = bob.getByRole("dialog", { name: `Reactions to the post of Ada Author ${suffix}` });
    await dialog.waitFor();
    const rows = dialog.getByTestId("reactors").locator("li");
    expect(await rows.locator(".reactor-name").allTextContents()).toEqual([`Cy Cheer ${suffix}`, `Bob Reactor ${suffix}`]);
    expect((await rows.locator(".reactor-kind").allTextContents()).map((text) => text.trim())).toEqual(["Like", "Celebrate"]);
    await dialog.getByRole("link", { name: "Close" }).click();
    await bob.waitForURL(atPath("/user/timeline"));

    // Taken back: pressing the pressed one again.
    await press(bob, postReactions, "Celebrate", javaScript, { expectPressed: false });
    expect(await pressed(postReactions)).toEqual({ Like: "false", Celebrate: "false", Insightful: "false" });
    expect(await button(postReactions, "Like").textContent()).toContain("Like 1");

    // The author: one notice for the post, one for the comment; Bob took his reaction to the
    // post back, so the post's notice now counts Cy alone.
    await visit(ada, "/user/notifications");
    const notices = ada.getByTestId("notification");
    const texts = (await notices.allTextContents()).filter((text) => text.includes("reacted"));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain(`Cy Cheer ${suffix} reacted to your post.`);
    expect(texts[1]).toContain(`Bob Reactor ${suffix} reacted to your comment.`);
    await notices.getByRole("link", { name: `Cy Cheer ${suffix} reacted to your post.` }).click();
    await ada.waitForURL((url) => url.pathname.startsWith("/user/timeline/post/"));
    await postCard(ada, message).waitFor();
  });
});

describe.each(modes)("reaction buttons on a phone $name", ({ javaScript }) => {
  test("at 390 px a post's and a comment's three buttons share one row inside the card, each at least 44 × 44, named for screen readers", async () => {
    const suffix = javaScript ? "js" : "nojs";
    const message = `Phone-sized reactions (${suffix}, ${Date.now()})`;
    const page = await browser.newPage({ javaScript });
    await signUp(page, { name: `Pia Phone ${suffix}`, email: uniqueEmail("reactions-phone") });
    await writePost(page, message);
    const card = postCard(page, message);
    await card.getByLabel("Write a comment").fill("A comment beside its Delete button, the narrowest place.");
    await card.getByRole("button", { name: "Comment" }).click();
    await card.locator(".comment").filter({ hasText: "A comment beside" }).waitFor();
    const postReactions = card.getByRole("group", { name: `Reactions to the post of Pia Phone ${suffix}` });
    const commentReactions = card.getByRole("group", { name: `Reactions to the comment of Pia Phone ${suffix}` });
    await press(page, postReactions, "Insightful", javaScript, { expectPressed: true });
    await press(page, commentReactions, "Celebrate", javaScript, { expectPressed: true });

    await page.setViewportSize({ width: 390, height: 844 });
    const cardBox = (await card.boundingBox())!;
    for (const group of [postReactions, commentReactions]) {
      const boxes = [];
      for (const label of ["Like", "Celebrate", "Insightful"]) {
        const box = (await button(group, label).boundingBox())!;
        expect(box.width, label).toBeGreaterThanOrEqual(44);
        expect(box.height, label).toBeGreaterThanOrEqual(44);
        boxes.push(box);
      }
      expect(boxes.map((box) => Math.round(box.y))).toEqual(Array(3).fill(Math.round(boxes[0].y)));
      expect(boxes[2].x + boxes[2].width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    }
    // Each button still says what it is (and its count) to a screen reader.
    expect(await button(commentReactions, "Celebrate").getAttribute("aria-pressed")).toBe("true");
    expect((await button(commentReactions, "Celebrate").textContent())?.replace(/\s+/g, " ").trim()).toBe("Celebrate 1");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
