import { describe, expect, test } from "vitest";
import { unreadCounts } from "~/features/notifications/notifications.server";
import { liveEventStream } from "~/routes/shell/live-events.server";
import { listConversations, sendMessage } from "~/features/social/chat.server";
import { db } from "~/lib/db.server";
import { action as acceptAction } from "~/routes/spec/user.ajax.accept_friend_request";
import { action as addAction } from "~/routes/spec/user.ajax.add-friend-request";
import { loader as liveLoader } from "~/routes/shell/user.live";
import { action as sendAction, loader as conversationLoader } from "~/routes/social/user.chat.$memberId";
import { action as unfriendAction } from "~/routes/social/user.friends.$memberId.unfriend";
import { loader as chatsLoader } from "~/routes/social/user.chat._index";
import { BASE, createSignedInMember, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

async function friends(a: TestMember, b: TestMember) {
  await settle(() => addAction(routeArgs(postRequest("/", { friend_user_id: String(b.id) }, a.cookie))));
  await settle(() => acceptAction(routeArgs(postRequest("/", { friend_user_id: String(a.id) }, b.cookie))));
}

function conversation(as: TestMember, other: number, query = "") {
  return settle(() => conversationLoader(routeArgs(getRequest(`/user/chat/${other}${query}`, as.cookie), { memberId: String(other) })));
}

function send(as: TestMember, other: number, fields: Record<string, string>) {
  return settle(() => sendAction(routeArgs(postRequest(`/user/chat/${other}`, fields, as.cookie), { memberId: String(other) })));
}

/** Opens the live stream as `as`, reads until `until` holds for the text so far, then closes. */
async function readStream(response: Response, controller: AbortController, until: (text: string) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + 5_000;
  while (!until(text) && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  controller.abort();
  // Aborting ends the stream.
  while (!(await reader.read()).done);
  return text;
}

/** The page's live stream (/user/live) of a conversation page. */
function openStream(as: TestMember, other: number, { after, lastEventId }: { after?: number; lastEventId?: string | number } = {}) {
  const controller = new AbortController();
  const headers: Record<string, string> = { Cookie: as.cookie };
  if (lastEventId !== undefined) headers["Last-Event-ID"] = String(lastEventId);
  const request = new Request(`${BASE}/user/live?chat=${other}${after !== undefined ? `&after=${after}` : ""}`, { headers, signal: controller.signal });
  return { controller, response: settle(() => liveLoader(routeArgs(request))) };
}

/** The message ids of the stream's `message` events (their ids are `<message>.<notice>`). */
function eventIds(text: string) {
  return [...text.matchAll(/^id: (\d+)\.\d+\nevent: message$/gm)].map((match) => Number(match[1]));
}

/** The messages the stream's `message` events carry. */
function messagesIn(text: string) {
  return [...text.matchAll(/^event: message\ndata: (.*)$/gm)].map((match) => JSON.parse(match[1]) as { body: string; senderId: number });
}

describe("chat", () => {
  test("friends write to each other; the conversation shows the messages oldest first and reads them", async () => {
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    await friends(ana, bo);

    // Without JS: Post/Redirect/Get back to the conversation.
    let response = await send(ana, bo.id, { body: "  Hello Bo  " });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/chat/${bo.id}`);
    // With JS (a fetcher): the message comes back.
    response = await send(ana, bo.id, { body: "Are you there?", live: "1" });
    const sent = (await response.json()) as { message: { id: number; body: string; senderId: number } };
    expect(sent.message).toMatchObject({ body: "Are you there?", senderId: ana.id });

    // Bo's notification of Ana's friend request was read when he accepted it.
    expect(await unreadCounts(bo.id)).toEqual({ notifications: 0, chat: 2 });
    // The header on the conversation itself leaves its messages out (the page reads them).
    expect((await unreadCounts(bo.id, new URL(`${BASE}/user/chat/${ana.id}`))).chat).toBe(0);
    expect((await unreadCounts(bo.id, new URL(`${BASE}/user/chat/${ana.id}?before=99`))).chat).toBe(2);
    expect((await unreadCounts(bo.id, new URL(`${BASE}/user/chat/${ana.id + 1000}`))).chat).toBe(2);
    const chats = (await (await settle(() => chatsLoader(routeArgs(getRequest("/user/chat", bo.cookie))))).json()) as {
      conversations: { member: { name: string }; lastMessage: { body: string }; unread: number }[];
    };
    expect(chats.conversations).toEqual([expect.objectContaining({ member: expect.objectContaining({ name: "Ana" }), unread: 2 })]);
    expect(chats.conversations[0].lastMessage.body).toBe("Are you there?");

    const page = (await (await conversation(bo, ana.id)).json()) as { messages: { body: string }[]; hasOlder: boolean; markedRead: boolean };
    expect(page.messages.map((message) => message.body)).toEqual(["Hello Bo", "Are you there?"]);
    expect(page.markedRead).toBe(true);
    expect((await unreadCounts(bo.id)).chat).toBe(0);
    // Ana's own view does not read Bo's side.
    await send(bo, ana.id, { body: "Yes!" });
    expect((await unreadCounts(ana.id)).chat).toBe(1);
    expect((await unreadCounts(bo.id)).chat).toBe(0);
  });

  test("an empty or too long message is refused with the message next to the box", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    for (const [body, message] of [
      ["   ", "Write a message first."],
      ["x".repeat(2001), "Use at most 2000 characters."],
    ]) {
      const response = await send(ana, bo.id, { body });
      expect(response.status).toBe(400);
      expect(await replyErrors(response)).toEqual({ body: [message] });
    }
    expect(await db.selectFrom("chat_messages").selectAll().execute()).toEqual([]);
  });

  test("older messages come in pages of 50", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    for (let i = 1; i <= 55; i++) await sendMessage(i % 2 ? ana.id : bo.id, i % 2 ? bo.id : ana.id, `m${i}`);
    const newest = (await (await conversation(ana, bo.id)).json()) as { messages: { id: number; body: string }[]; hasOlder: boolean };
    expect(newest.messages).toHaveLength(50);
    expect(newest.messages[0].body).toBe("m6");
    expect(newest.messages[49].body).toBe("m55");
    expect(newest.hasOlder).toBe(true);
    const older = (await (await conversation(ana, bo.id, `?before=${newest.messages[0].id}`)).json()) as {
      messages: { body: string }[];
      hasOlder: boolean;
    };
    expect(older.messages.map((message) => message.body)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(older.hasOlder).toBe(false);
  });

  test("only friends chat: a non-friend, a former friend, oneself and outsiders get 404 everywhere", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    const eve = await createSignedInMember();
    await friends(ana, bo);
    await sendMessage(ana.id, bo.id, "Private");

    // Eve is nobody's friend: she cannot open, listen to or write into anyone's chat.
    for (const target of [ana.id, bo.id, eve.id, 999_999]) {
      expect((await conversation(eve, target)).status).toBe(404);
      expect((await send(eve, target, { body: "Hi" })).status).toBe(404);
      const stream = openStream(eve, target);
      expect((await stream.response).status).toBe(404);
    }
    const stranger = (await (await settle(() => chatsLoader(routeArgs(getRequest("/user/chat", eve.cookie))))).json()) as { conversations: unknown[] };
    expect(stranger.conversations).toEqual([]);

    // Not friends any more: the conversation is closed to both.
    await db.deleteFrom("friendships").execute();
    expect((await conversation(ana, bo.id)).status).toBe(404);
    expect((await send(bo, ana.id, { body: "Hi" })).status).toBe(404);
    expect(await listConversations(ana.id)).toEqual([]);
    expect(await db.selectFrom("chat_messages").select("body").execute()).toEqual([{ body: "Private" }]);
  });

  test("the live stream sends the messages after the given id, as events with their ids, and reads them", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    const first = await sendMessage(ana.id, bo.id, "one");
    const second = await sendMessage(bo.id, ana.id, "two");
    const third = await sendMessage(ana.id, bo.id, "three");

    const stream = openStream(bo, ana.id, { after: first.id });
    const response = await stream.response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toContain("no-transform");
    const text = await readStream(response, stream.controller, (so) => eventIds(so).includes(third.id));
    expect(eventIds(text)).toEqual([second.id, third.id]);
    expect(messagesIn(text).map((message) => message.body)).toEqual(["two", "three"]);
    // Delivered to Bo: Ana's messages to him are read (just after they were sent).
    await expect.poll(async () => (await unreadCounts(bo.id)).chat).toBe(0);
    expect((await unreadCounts(ana.id)).chat).toBe(1);
  });

  test("a reconnect resumes after Last-Event-ID, and new messages arrive while the stream is open", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    const first = await sendMessage(ana.id, bo.id, "one");
    const stream = openStream(bo, ana.id, { after: 0, lastEventId: first.id });
    const response = await stream.response;
    setTimeout(() => void sendMessage(ana.id, bo.id, "later"), 200);
    const text = await readStream(response, stream.controller, (so) => so.includes('"later"'));
    expect(text).not.toContain('"one"');
    expect(text).toContain('"body":"later"');
  });

  test("nothing is lost across a disconnect: messages sent meanwhile arrive on reconnect, each once", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    const first = await sendMessage(ana.id, bo.id, "before");

    // Bo's browser is connected and sees the first message, then loses the connection.
    const one = openStream(bo, ana.id, { after: 0 });
    const seen = await readStream(await one.response, one.controller, (so) => eventIds(so).includes(first.id));
    expect(eventIds(seen)).toEqual([first.id]);
    const lastSeen = Math.max(...eventIds(seen));

    // While Bo is away, both write.
    const away1 = await sendMessage(ana.id, bo.id, "while away 1");
    const mine = await sendMessage(bo.id, ana.id, "from another tab");
    const away2 = await sendMessage(ana.id, bo.id, "while away 2");

    // The browser's own reconnect (Last-Event-ID) and a fresh page's (?after=) both catch up.
    for (const resume of [{ lastEventId: lastSeen }, { after: lastSeen }]) {
      const again = openStream(bo, ana.id, resume);
      const text = await readStream(await again.response, again.controller, (so) => eventIds(so).includes(away2.id));
      expect(eventIds(text)).toEqual([away1.id, mine.id, away2.id]);
      expect(text).not.toContain('"before"');
    }
  });

  test("after an unfriend an open stream delivers nothing more and ends", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    const before = await sendMessage(ana.id, bo.id, "before the unfriend");

    // Bo's stream is open and has delivered the first message.
    const controller = new AbortController();
    const request = new Request(`${BASE}/user/live?chat=${ana.id}`, { signal: controller.signal });
    const response = liveEventStream(request, { memberId: bo.id, chatWith: ana.id, cursor: { after: 0, notice: null } });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!eventIds(text).includes(before.id)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    expect(eventIds(text)).toEqual([before.id]);

    // Ana unfriends Bo; a message still gets into the table (sending is refused, so directly).
    const unfriended = await settle(() =>
      unfriendAction(routeArgs(postRequest(`/user/friends/${bo.id}/unfriend`, {}, ana.cookie), { memberId: String(bo.id) })),
    );
    expect(unfriended.status).toBe(302);
    expect((await send(ana, bo.id, { body: "refused" })).status).toBe(404);
    const after = await sendMessage(ana.id, bo.id, "after the unfriend");

    // The stream ends by itself (no abort) without delivering it.
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    expect(text).toContain("event: end\n");
    expect(eventIds(text)).toEqual([before.id]);
    expect(text).not.toContain("after the unfriend");
    expect(after.id).toBeGreaterThan(before.id);
  });

  test("the stream sends a heartbeat comment while idle and stops on abort", async () => {
    const ana = await createSignedInMember();
    const controller = new AbortController();
    const request = new Request(`${BASE}/x`, { signal: controller.signal });
    const response = liveEventStream(request, { memberId: ana.id, cursor: { after: 0, notice: null }, heartbeatMs: 100 });
    const text = await readStream(response, controller, (so) => so.includes(": heartbeat"));
    expect(text.startsWith("retry: 2000\n\n")).toBe(true);
    expect(text).toContain(": heartbeat\n\n");
  });
});
