import type { Page } from "playwright-core";
import { describe, expect, test } from "vitest";
import {
  admin,
  atPath,
  dismissToast,
  followNav,
  hydrated,
  linkInMail,
  modes,
  openMemberMenu,
  openOutboxMail,
  signInHome,
  signUp,
  toast,
  uniqueEmail,
  useBrowser,
  visit,
  visitBeforeScripts,
} from "./browser";
import { loaded, picture, setLookingFor, setPhoto } from "./member-setup";

const browser = useBrowser();

let counter = 0;
/** A first name no other test uses, so a prefix search finds only this test's members. */
function uniqueName(last: string) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`.replace(/\d/g, (d) => "abcdefghij"[Number(d)]);
  return `Zq${tag} ${last}`;
}

async function newMember(javaScript: boolean, last: string, { touch = false } = {}) {
  const page = await browser.newPage({ javaScript, touch });
  const name = uniqueName(last);
  await signUp(page, { name, email: uniqueEmail("social") });
  return { page, name };
}

function resultRow(page: Page, name: string) {
  return page.getByTestId("member-result").filter({ hasText: name });
}

function friendRow(page: Page, name: string) {
  return page.getByTestId("friend-row").filter({ hasText: name });
}

/** A asks B from the search results; B accepts on the friends page. Returns B's id. */
async function befriend(a: { page: Page }, b: { page: Page; name: string }, aName: string) {
  await visit(a.page, `/user/search?${new URLSearchParams({ q: b.name })}`);
  await resultRow(a.page, b.name).getByRole("button", { name: "Connect" }).click();
  await resultRow(a.page, b.name).getByRole("button", { name: "Cancel request" }).waitFor();
  // The server has answered (with JS the button flips before it does).
  await toast(a.page, "Friend request sent");
  const href = await resultRow(a.page, b.name).getByRole("link", { name: b.name }).getAttribute("href");
  await visit(b.page, "/user/friends");
  await friendRow(b.page, aName).getByRole("button", { name: "Accept" }).click();
  await friendRow(b.page, aName).getByRole("link", { name: "Chat" }).waitFor();
  return Number(href?.split("/").pop());
}

describe.each(modes)("friends $name", ({ javaScript }) => {
  test("a member finds another, sends, cancels and sends a friend request; the other accepts it", async () => {
    const ana = await newMember(javaScript, "Asker");
    const bo = await newMember(javaScript, "Buddy");
    await setLookingFor(bo.page, "A partner for a bakery in Lyon?");

    // The search results page (a GET form) with a Connect button.
    await visit(ana.page, "/user/friends");
    await ana.page.getByLabel("Find members").fill(bo.name.slice(0, -3));
    await ana.page.getByRole("button", { name: "Search", exact: true }).click();
    await ana.page.waitForURL(atPath("/user/search"));
    await hydrated(ana.page);
    const row = resultRow(ana.page, bo.name);
    await row.getByRole("link", { name: bo.name }).waitFor();
    expect(await row.locator(".member-question").textContent()).toBe("Looking for: A partner for a bakery in Lyon?");
    expect(await row.locator(".avatar--placeholder").textContent()).toBe("Z");
    expect(await row.locator("img.avatar").count()).toBe(0);

    await row.getByRole("button", { name: "Connect" }).click();
    await row.getByRole("button", { name: "Cancel request" }).waitFor();
    expect(await toast(ana.page, "Friend request sent")).toContain(`Friend request sent to ${bo.name}.`);
    await dismissToast(ana.page);

    await row.getByRole("button", { name: "Cancel request" }).click();
    await row.getByRole("button", { name: "Connect" }).waitFor();
    expect(await toast(ana.page, "cancelled")).toContain(`Friend request to ${bo.name} cancelled.`);
    await dismissToast(ana.page);
    await row.getByRole("button", { name: "Connect" }).click();
    await row.getByRole("button", { name: "Cancel request" }).waitFor();

    // Bo sees the request in the header's count and on the friends page, and accepts it.
    await visit(bo.page, "/user");
    expect(await bo.page.getByTestId("unread-notifications").first().textContent()).toMatch(/^1/);
    await openMemberMenu(bo.page);
    await bo.page
      .getByRole("banner")
      .getByRole("link", { name: /Notifications/ })
      .click();
    await bo.page.waitForURL(atPath("/user/notifications"));
    await bo.page.getByText(`${ana.name} sent you a friend request.`).first().waitFor();
    expect(await bo.page.getByTestId("unread-notifications").count()).toBe(0);
    await followNav(bo.page, "Friends");
    await bo.page.waitForURL(atPath("/user/friends"));
    await hydrated(bo.page);
    await friendRow(bo.page, ana.name).getByRole("button", { name: "Accept" }).click();
    await bo.page.getByRole("heading", { name: "My friends" }).waitFor();
    await friendRow(bo.page, ana.name).getByRole("link", { name: "Chat" }).waitFor();
    expect(await toast(bo.page, "now friends")).toContain(`You and ${ana.name} are now friends.`);

    // Ana's result says friends now, and she was told.
    await visit(ana.page, `/user/search?${new URLSearchParams({ q: bo.name })}`);
    await resultRow(ana.page, bo.name).getByText("Friends", { exact: true }).waitFor();
    await visit(ana.page, "/user/notifications");
    await ana.page.getByText(`${bo.name} accepted your friend request.`).waitFor();

    // Unfriending asks first.
    await visit(bo.page, "/user/friends");
    await dismissToast(bo.page);
    await friendRow(bo.page, ana.name).getByRole("link", { name: "Unfriend" }).click();
    const dialog = bo.page.getByRole("dialog", { name: "Confirm!" });
    await dialog.getByText(`Are you sure you want to unfriend ${ana.name}?`).waitFor();
    await hydrated(bo.page);
    await dialog.getByRole("button", { name: "Yes, unfriend" }).click();
    expect(await toast(bo.page, "no longer your friend")).toContain(`${ana.name} is no longer your friend.`);
    expect(await friendRow(bo.page, ana.name).count()).toBe(0);
  });
});

describe.each(modes)("the friend request e-mail $name", ({ javaScript }) => {
  test("leads to the requests list, where the request is on the phone's screen and answered in one tap", async () => {
    const ana = await newMember(javaScript, "Mailer");
    const boEmail = uniqueEmail("social-mailed");
    const bo = { page: await browser.newPage({ javaScript }), name: uniqueName("Mailed") };
    await signUp(bo.page, { name: bo.name, email: boEmail });
    await visit(ana.page, `/user/search?${new URLSearchParams({ q: bo.name })}`);
    await resultRow(ana.page, bo.name).getByRole("button", { name: "Connect" }).click();
    await toast(ana.page, "Friend request sent");

    const adminPage = await browser.newPage({ javaScript });
    await signInHome(adminPage, admin);
    const mail = await openOutboxMail(adminPage, { to: boEmail, subject: `${ana.name} wants to be your friend on Chapter` });
    const link = new URL(await linkInMail(mail));
    expect(link.pathname + link.hash).toBe("/user/friends#friend-requests");

    await bo.page.setViewportSize({ width: 390, height: 844 });
    await visit(bo.page, link.pathname + link.hash);
    await hydrated(bo.page);
    const accept = friendRow(bo.page, ana.name).getByRole("button", { name: "Accept" });
    await friendRow(bo.page, ana.name).getByRole("button", { name: "Decline" }).waitFor();
    const onScreen = await accept.evaluate((button) => {
      const box = button.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(onScreen).toBe(true);
    await accept.click();
    expect(await toast(bo.page, "now friends")).toContain(`You and ${ana.name} are now friends.`);
    await friendRow(bo.page, ana.name).getByRole("link", { name: "Chat" }).waitFor();
  });
});

describe.each(modes)("declining a friend request $name", ({ javaScript }) => {
  test("the request goes from both sides and the asker is offered Connect again", async () => {
    const ana = await newMember(javaScript, "Hopeful");
    const bo = await newMember(javaScript, "Choosy");
    await visit(ana.page, `/user/search?${new URLSearchParams({ q: bo.name })}`);
    await resultRow(ana.page, bo.name).getByRole("button", { name: "Connect" }).click();
    await toast(ana.page, "Friend request sent");

    await visit(bo.page, "/user/friends");
    const requests = bo.page.getByRole("region", { name: "Friend requests" });
    const row = friendRow(bo.page, ana.name);
    await requests.getByTestId("friend-row").filter({ hasText: ana.name }).getByRole("button", { name: "Accept" }).waitFor();
    await row.getByRole("button", { name: "Decline" }).click();
    expect(await toast(bo.page, "declined")).toContain(`You declined ${ana.name}'s friend request.`);
    await requests.waitFor({ state: "detached" });
    expect(await row.count()).toBe(0);
    await bo.page.getByText("No friends yet").waitFor();
    // Still declined on a fresh page.
    await visit(bo.page, "/user/friends");
    expect(await friendRow(bo.page, ana.name).count()).toBe(0);
    expect(await bo.page.getByRole("region", { name: "Friend requests" }).count()).toBe(0);

    // Ana's request is gone: nothing sent, and Connect is offered again.
    await visit(ana.page, "/user/friends");
    expect(await ana.page.getByRole("region", { name: "Sent requests" }).count()).toBe(0);
    expect(await friendRow(ana.page, bo.name).count()).toBe(0);
    await visit(ana.page, `/user/search?${new URLSearchParams({ q: bo.name })}`);
    await resultRow(ana.page, bo.name).getByRole("button", { name: "Connect" }).waitFor();
    expect(await resultRow(ana.page, bo.name).getByRole("button", { name: "Cancel request" }).count()).toBe(0);
  });
});

describe("member search autocomplete with JavaScript", () => {
  test("suggests members as one types; the keyboard chooses, Escape closes, Enter opens the profile; Connect sends a request", async () => {
    const ana = await newMember(true, "Finder");
    const bo = await newMember(true, "Bravo");
    const cy = await newMember(true, "Charlie");
    const boName = bo.name;
    const cyName = cy.name;

    await visit(ana.page, "/user/friends");
    const input = ana.page.getByRole("combobox", { name: "Find members" });
    await input.pressSequentially(boName.slice(0, 6));
    const grid = ana.page.getByRole("grid", { name: "Members" });
    await grid.waitFor();
    expect(await input.getAttribute("aria-expanded")).toBe("true");
    expect(await input.getAttribute("aria-haspopup")).toBe("grid");
    expect(await input.getAttribute("aria-controls")).toBe(await grid.getAttribute("id"));
    // No listbox options holding buttons (not valid ARIA): rows of cells.
    expect(await ana.page.getByRole("option").count()).toBe(0);

    // Narrow down to Bo.
    await input.fill(boName);
    await grid.getByRole("row", { name: new RegExp(boName) }).waitFor();
    await expect.poll(() => grid.getByRole("row").count()).toBe(1);
    const row = grid.getByRole("row").first();
    const [nameCell, connectCell] = [row.getByRole("gridcell").nth(0), row.getByRole("gridcell").nth(1)];
    await nameCell.getByText(boName, { exact: true }).waitFor();

    await input.press("ArrowDown");
    expect(await nameCell.getAttribute("aria-selected")).toBe("true");
    expect(await input.getAttribute("aria-activedescendant")).toBe(await nameCell.getAttribute("id"));
    await input.press("Escape");
    expect(await input.getAttribute("aria-expanded")).toBe("false");
    expect(await grid.isHidden()).toBe(true);
    await input.press("ArrowDown");
    expect(await input.getAttribute("aria-expanded")).toBe("true");

    // Connect from the keyboard: ArrowRight reaches the Connect cell, Enter presses it; the focus stays in the input.
    await input.press("ArrowRight");
    expect(await connectCell.getAttribute("aria-selected")).toBe("true");
    expect(await nameCell.getAttribute("aria-selected")).toBe("false");
    expect(await input.getAttribute("aria-activedescendant")).toBe(await connectCell.getAttribute("id"));
    await connectCell.getByRole("button", { name: "Connect" }).waitFor();
    await input.press("Enter");
    await connectCell.getByRole("button", { name: "Cancel request" }).waitFor();
    await toast(ana.page, `Friend request sent to ${boName}.`);
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(new URL(ana.page.url()).pathname).toBe("/user/friends");
    // Enter again cancels it; with the mouse, Connect sends it again.
    await input.press("Enter");
    await connectCell.getByRole("button", { name: "Connect" }).waitFor();
    await toast(ana.page, "cancel");
    await input.press("ArrowLeft");
    expect(await input.getAttribute("aria-activedescendant")).toBe(await nameCell.getAttribute("id"));
    await connectCell.getByRole("button", { name: "Connect" }).click();
    await connectCell.getByRole("button", { name: "Cancel request" }).waitFor();

    // Found by the last name's start followed by the first name's start.
    const [boFirst, boLast] = boName.split(" ");
    await input.fill(`${boLast.slice(0, 3).toLowerCase()} ${boFirst.slice(0, -1)}`);
    await grid.getByRole("row", { name: new RegExp(boName) }).waitFor();
    await expect.poll(() => grid.getByRole("row").count()).toBe(1);

    // Enter with a member chosen opens their profile.
    await input.fill(cyName);
    await grid.getByRole("row", { name: new RegExp(cyName) }).waitFor();
    await input.press("ArrowDown");
    await input.press("Enter");
    await ana.page.waitForURL((url) => /^\/user\/members\/\d+$/.test(url.pathname));

    // Enter with none chosen opens the results page, where Connect works from the keyboard.
    await visit(ana.page, "/user/friends");
    const again = ana.page.getByRole("combobox", { name: "Find members" });
    await again.fill(cyName);
    await again.press("Enter");
    await ana.page.waitForURL(atPath("/user/search"));
    await hydrated(ana.page);
    const connect = resultRow(ana.page, cyName).getByRole("button", { name: "Connect" });
    await connect.focus();
    await ana.page.keyboard.press("Enter");
    const cancel = resultRow(ana.page, cyName).getByRole("button", { name: "Cancel request" });
    await cancel.waitFor();
    await toast(ana.page, `Friend request sent to ${cyName}.`);
    // The focus stays on the button as it flips.
    expect(await cancel.evaluate((element) => element === document.activeElement)).toBe(true);

    // Both have the request.
    for (const other of [bo, cy]) {
      await visit(other.page, "/user/friends");
      await friendRow(other.page, ana.name).getByRole("button", { name: "Accept" }).waitFor();
    }
  });
});

describe("member search autocomplete rows with JavaScript", () => {
  test('a row shows the member\'s "Looking for" question and profile image, or the first letter when there is none', async () => {
    const ana = await newMember(true, "Seeker");
    const bo = await newMember(true, "Pictured");
    const cy = await newMember(true, "Plain");
    await setLookingFor(bo.page, "Investors in green logistics?");
    await setPhoto(bo.page, "Profile image", await picture("bo.png", { r: 40, g: 90, b: 200 }), true);
    const boAvatarSrc = (await (await loaded(bo.page.locator("header.app-header .account-member img.avatar"))).getAttribute("src"))!;

    await visit(ana.page, "/user/friends");
    const input = ana.page.getByRole("combobox", { name: "Find members" });
    const grid = ana.page.getByRole("grid", { name: "Members" });

    await input.fill(bo.name);
    const boRow = grid.getByRole("row", { name: new RegExp(bo.name) });
    await boRow.waitFor();
    expect(await boRow.locator(".member-question").textContent()).toBe("Looking for: Investors in green logistics?");
    expect(await (await loaded(boRow.locator("img.avatar"))).getAttribute("src")).toBe(boAvatarSrc);
    expect(await boRow.locator(".avatar--placeholder").count()).toBe(0);

    await input.fill(cy.name);
    const cyRow = grid.getByRole("row", { name: new RegExp(cy.name) });
    await cyRow.waitFor();
    await expect.poll(() => grid.getByRole("row").count()).toBe(1);
    expect(await cyRow.locator(".avatar--placeholder").textContent()).toBe("Z");
    expect(await cyRow.locator("img.avatar").count()).toBe(0);
    expect(await cyRow.locator(".member-question").count()).toBe(0);
  });
});

describe("chat", () => {
  test("on a touch screen Enter starts a new line; the Send button sends", async () => {
    const ana = await newMember(true, "Thumb", { touch: true });
    const bo = await newMember(true, "Reader");
    const boId = await befriend(ana, bo, ana.name);
    await visit(ana.page, `/user/chat/${boId}`);
    expect(await ana.page.evaluate(() => matchMedia("(pointer: coarse)").matches)).toBe(true);
    const box = ana.page.getByLabel(`Message to ${bo.name}`);
    await box.fill("First line");
    await box.press("Enter");
    await box.pressSequentially("second line");
    expect(await box.inputValue()).toBe("First line\nsecond line");
    expect(await ana.page.getByTestId("chat-message").count()).toBe(0);
    await ana.page.getByRole("button", { name: "Send" }).tap();
    await ana.page.getByTestId("chat-message").filter({ hasText: "second line" }).waitFor();
    expect(await box.inputValue()).toBe("");
  });

  test("with JavaScript: two friends chat live in two browsers", async () => {
    const ana = await newMember(true, "Talker");
    const bo = await newMember(true, "Listener");
    const boId = await befriend(ana, bo, ana.name);
    const anaId = Number((await friendRow(bo.page, ana.name).getByRole("link", { name: "Chat" }).getAttribute("href"))?.split("/").pop());

    await visit(ana.page, `/user/chat/${boId}`);
    await visit(bo.page, `/user/chat/${anaId}`);
    await ana.page.getByTestId("chat-live").and(ana.page.locator('[data-state="open"]')).waitFor();
    await bo.page.getByTestId("chat-live").and(bo.page.locator('[data-state="open"]')).waitFor();

    const send = ana.page.getByRole("button", { name: "Send" });
    const box = ana.page.getByLabel(`Message to ${bo.name}`);
    expect(await send.isDisabled()).toBe(true);
    await box.fill("   ");
    expect(await send.isDisabled()).toBe(true);
    await box.fill("Hello Bo, are you there?");
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    await ana.page.getByTestId("chat-message").filter({ hasText: "Hello Bo, are you there?" }).waitFor();
    expect(await box.inputValue()).toBe("");
    expect(await send.isDisabled()).toBe(true);
    // Through the real server (compression and all), promptly.
    const started = Date.now();
    await bo.page.getByTestId("chat-message").filter({ hasText: "Hello Bo, are you there?" }).waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(5_000);

    // Bo answers with Enter; Ana sees it without reloading.
    const boBox = bo.page.getByLabel(`Message to ${ana.name}`);
    await boBox.fill("Yes, here!");
    await boBox.press("Enter");
    await ana.page.getByTestId("chat-message").filter({ hasText: "Yes, here!" }).waitFor({ timeout: 5_000 });
    expect(await ana.page.getByTestId("chat-message").allTextContents()).toEqual([
      expect.stringContaining("Hello Bo, are you there?"),
      expect.stringContaining("Yes, here!"),
    ]);

    // The stream itself, as the browser gets it through the server: not compressed (which
    // would hold events back), its first bytes at once.
    const stream = await ana.page.evaluate(async (url) => {
      const controller = new AbortController();
      const started = performance.now();
      const response = await fetch(url, { signal: controller.signal });
      const reader = response.body!.getReader();
      const { value } = await reader.read();
      const ms = performance.now() - started;
      controller.abort();
      return {
        ms,
        text: new TextDecoder().decode(value),
        type: response.headers.get("content-type"),
        encoding: response.headers.get("content-encoding"),
      };
    }, `/user/live?chat=${boId}&after=0`);
    expect(stream.type).toBe("text/event-stream; charset=utf-8");
    expect(stream.encoding).toBeNull();
    expect(stream.text).toContain("retry: 2000");
    expect(stream.ms).toBeLessThan(3_000);

    // The stream answers an error (a proxy while the server restarts): the browser's EventSource
    // gives up, the page opens a new stream a little later and catches up from the last message seen.
    await bo.page.route("**/user/live?*", (route) => route.fulfill({ status: 503, body: "Service Unavailable" }));
    await bo.page.reload();
    await bo.page.getByTestId("chat-live").and(bo.page.locator('[data-state="closed"]')).waitFor();
    await box.fill("Sent while the stream was down");
    await send.click();
    await ana.page.getByTestId("chat-message").filter({ hasText: "Sent while the stream was down" }).waitFor();
    await bo.page.unroute("**/user/live?*");
    await bo.page.getByTestId("chat-message").filter({ hasText: "Sent while the stream was down" }).waitFor({ timeout: 10_000 });
    await bo.page.getByTestId("chat-live").and(bo.page.locator('[data-state="open"]')).waitFor();
    expect(await bo.page.getByTestId("chat-message").count()).toBe(3);

    // The list of conversations shows the last message.
    await visit(ana.page, "/user/chat");
    await ana.page.getByTestId("conversation").filter({ hasText: bo.name }).getByText("Sent while the stream was down").waitFor();

    // Typed before the page's JavaScript ran (a slow connection): kept once it runs, and sent.
    const scriptsRun = await visitBeforeScripts(ana.page, `/user/chat/${boId}`);
    await box.fill("Typed before the page was ready");
    await scriptsRun();
    await ana.page.getByTestId("chat-live").and(ana.page.locator('[data-state="open"]')).waitFor();
    expect(await box.inputValue()).toBe("Typed before the page was ready");
    expect(await send.isEnabled()).toBe(true);
    await send.click();
    await bo.page.getByTestId("chat-message").filter({ hasText: "Typed before the page was ready" }).waitFor();
  });

  test("without JavaScript: the conversation page shows the messages and a plain form sends", async () => {
    const ana = await newMember(false, "Plain");
    const bo = await newMember(false, "Form");
    const boId = await befriend(ana, bo, ana.name);

    await visit(ana.page, `/user/chat/${boId}`);
    await ana.page.getByLabel(`Message to ${bo.name}`).fill("A message without JavaScript");
    await ana.page.getByRole("button", { name: "Send" }).click();
    await ana.page.waitForURL(atPath(`/user/chat/${boId}`));
    await ana.page.getByTestId("chat-message").filter({ hasText: "A message without JavaScript" }).waitFor();

    // Bo sees the unread count, then the message.
    await visit(bo.page, "/user/chat");
    expect(await bo.page.getByTestId("unread-messages").first().textContent()).toMatch(/^1/);
    const conversation = bo.page.getByTestId("conversation").filter({ hasText: ana.name });
    expect(await conversation.getByTestId("conversation-unread").textContent()).toMatch(/^1/);
    await conversation.getByRole("link", { name: ana.name }).click();
    await bo.page.getByTestId("chat-message").filter({ hasText: "A message without JavaScript" }).waitFor();
    await visit(bo.page, "/user/chat");
    expect(await bo.page.getByTestId("unread-messages").count()).toBe(0);

    // An empty message is refused with a message.
    await visit(ana.page, `/user/chat/${boId}`);
    await ana.page.getByLabel(`Message to ${bo.name}`).evaluate((element) => element.removeAttribute("required"));
    await ana.page.getByRole("button", { name: "Send" }).click();
    await ana.page.getByRole("alert").filter({ hasText: "Write a message first." }).waitFor();
  });
});

/** `from` asks `to` to be friends, from the search results. */
async function askFriend(from: { page: Page }, to: { name: string }) {
  await visit(from.page, `/user/search?${new URLSearchParams({ q: to.name })}`);
  await resultRow(from.page, to.name).getByRole("button", { name: "Connect" }).click();
  await toast(from.page, "Friend request sent");
}

/** Marks the page, so that a test can tell it was not loaded again (`sameDocument`). */
async function markDocument(page: Page) {
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
}
const sameDocument = (page: Page) => page.evaluate(() => "notReloaded" in window);

describe("live updates", () => {
  test("with JavaScript: the header's badges follow a message and a friend request on any page, without a reload", async () => {
    const ana = await newMember(true, "Badges");
    const bo = await newMember(true, "Writer");
    const cy = await newMember(true, "Asker");
    const anaId = await befriend(bo, ana, bo.name);
    const boId = Number((await friendRow(ana.page, bo.name).getByRole("link", { name: "Chat" }).getAttribute("href"))?.split("/").pop());

    // Ana reads the timeline: no unread message, no notification.
    await visit(ana.page, "/user/timeline");
    await markDocument(ana.page);
    expect(await ana.page.getByTestId("unread-messages").count()).toBe(0);
    expect(await ana.page.getByTestId("unread-notifications").count()).toBe(0);

    // Bo writes to her: the message badge appears on her page.
    await visit(bo.page, `/user/chat/${anaId}`);
    await bo.page.getByLabel(`Message to ${ana.name}`).fill("Are you free on Friday?");
    await bo.page.getByRole("button", { name: "Send" }).click();
    await bo.page.getByTestId("chat-message").filter({ hasText: "Are you free on Friday?" }).waitFor();
    await expect.poll(() => ana.page.getByTestId("unread-messages").first().textContent()).toMatch(/^1/);

    // Cy asks her to be friends: a notice, and the notifications badge.
    await askFriend(cy, ana);
    await toast(ana.page, `${cy.name} sent you a friend request.`);
    await expect.poll(() => ana.page.getByTestId("unread-notifications").first().textContent()).toMatch(/^1/);
    expect(await sameDocument(ana.page)).toBe(true);

    // Opening the conversation reads the message: the badge goes, and Bo's next message
    // arrives in the conversation rather than on the badge.
    // (The Chat link's name carries its badge: "Chat 1 unread messages".)
    const nav = ana.page.getByRole("navigation", { name: "Main" });
    await nav
      .locator("details")
      .filter({ has: ana.page.locator('a[href="/user/chat"]') })
      .locator(":scope > summary:visible")
      .first()
      .click();
    await nav.locator('a[href="/user/chat"]:visible').click();
    await ana.page.getByTestId("conversation").filter({ hasText: bo.name }).getByRole("link", { name: bo.name }).click();
    await ana.page.waitForURL(atPath(`/user/chat/${boId}`));
    await ana.page.getByTestId("chat-live").and(ana.page.locator('[data-state="open"]')).waitFor();
    await expect.poll(() => ana.page.getByTestId("unread-messages").count()).toBe(0);
    await bo.page.getByLabel(`Message to ${ana.name}`).fill("Say at noon?");
    await bo.page.getByRole("button", { name: "Send" }).click();
    await ana.page.getByTestId("chat-message").filter({ hasText: "Say at noon?" }).waitFor();
    expect(await ana.page.getByTestId("unread-messages").count()).toBe(0);
    expect(await sameDocument(ana.page)).toBe(true);
  });

  test("with JavaScript: a friend request's live notice leads to the request, answered there in one tap", async () => {
    const ana = await newMember(true, "Noticed", { touch: true });
    const cy = await newMember(true, "Knocker");
    await ana.page.setViewportSize({ width: 390, height: 844 });
    await visit(ana.page, "/user/timeline");
    await askFriend(cy, ana);
    const notice = ana.page.getByTestId("toast").filter({ hasText: `${cy.name} sent you a friend request.` });
    await notice.getByRole("link", { name: "See the request" }).tap();
    await ana.page.waitForURL((url) => url.pathname === "/user/friends" && url.hash === "#friend-requests");
    await friendRow(ana.page, cy.name).getByRole("button", { name: "Accept" }).tap();
    expect(await toast(ana.page, "now friends")).toContain(`You and ${cy.name} are now friends.`);
  });

  test("without JavaScript: a reload shows the badges as before", async () => {
    const ana = await newMember(false, "Reloader");
    const bo = await newMember(false, "Sender");
    const cy = await newMember(false, "Requester");
    const anaId = await befriend(bo, ana, bo.name);
    await visit(ana.page, "/user/timeline");
    expect(await ana.page.getByTestId("unread-messages").count()).toBe(0);

    await visit(bo.page, `/user/chat/${anaId}`);
    await bo.page.getByLabel(`Message to ${ana.name}`).fill("Hello without scripts");
    await bo.page.getByRole("button", { name: "Send" }).click();
    await bo.page.waitForURL(atPath(`/user/chat/${anaId}`));
    await askFriend(cy, ana);

    await ana.page.reload();
    expect(await ana.page.getByTestId("unread-messages").first().textContent()).toMatch(/^1/);
    expect(await ana.page.getByTestId("unread-notifications").first().textContent()).toMatch(/^1/);
  });
});
