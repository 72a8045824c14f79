import { PostgresAdapter, sql } from "kysely";
import { afterEach, describe, expect, test, vi } from "vitest";
import { sendMessage } from "~/features/social/chat.server";
import { db } from "~/lib/db.server";
import { databaseUrl } from "~/lib/env.server";
import { announce, decodeSignal, encodeSignal, inProcessBus, LISTENER_NAME, type LiveBus, type LiveSignal, liveBus, postgresBus } from "~/lib/live-bus.server";
import { liveEventStream } from "~/routes/shell/live-events.server";
import { loader as memberArea } from "~/routes/shell/user";
import { loader as liveLoader } from "~/routes/shell/user.live";
import { action as acceptAction } from "~/routes/spec/user.ajax.accept_friend_request";
import { action as addAction } from "~/routes/spec/user.ajax.add-friend-request";
import { BASE, createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
const closing: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

function askFriend(from: TestMember, to: TestMember) {
  return settle(() => addAction(routeArgs(postRequest("/user/ajax/add-friend-request", { friend_user_id: String(to.id) }, from.cookie))));
}

async function friends(a: TestMember, b: TestMember) {
  await askFriend(a, b);
  await settle(() => acceptAction(routeArgs(postRequest("/", { friend_user_id: String(a.id) }, b.cookie))));
}

/** What a bus delivers to a member's listener, as it arrives. */
function heard(bus: LiveBus, memberId: number) {
  const signals: LiveSignal[] = [];
  closing.push(bus.subscribe(memberId, (signal) => signals.push(signal)));
  return signals;
}

/** A stream read as it comes: `text` grows; `until` waits for a condition on it. */
function reading(response: Response, controller: AbortController) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const state = { text: "", done: false };
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) break;
      state.text += decoder.decode(value);
    }
    state.done = true;
  })();
  closing.push(() => controller.abort());
  return {
    get text() {
      return state.text;
    },
    get done() {
      return state.done;
    },
    until: (holds: (text: string) => boolean) => expect.poll(() => holds(state.text), { timeout: 5_000 }).toBe(true),
  };
}

function open(as: TestMember, query = "", headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const request = new Request(`${BASE}/user/live${query}`, { headers: { Cookie: as.cookie, ...headers }, signal: controller.signal });
  return { controller, response: settle(() => liveLoader(routeArgs(request))) };
}

async function openReading(as: TestMember, query = "", headers: Record<string, string> = {}) {
  const stream = open(as, query, headers);
  const response = await stream.response;
  expect(response.status).toBe(200);
  return reading(response, stream.controller);
}

/** The `event: <name>` frames of a stream's text, with their ids and data. */
function frames(text: string, name: string) {
  return [...text.matchAll(new RegExp(`^(?:id: (\\S+)\\n)?event: ${name}\\ndata: (.*)$`, "gm"))].map((match) => ({
    id: match[1],
    data: JSON.parse(match[2]) as Record<string, unknown>,
  }));
}

describe("the live bus", () => {
  test("a signal is small text naming its kind and members, and anything else is ignored", () => {
    expect(encodeSignal([3, 1, 3], "message")).toBe("message:3,1");
    expect(decodeSignal("message:3,1")).toEqual({ kind: "message", memberIds: [3, 1] });
    for (const odd of ["", "message", "message:", "drop:1", "message:x"]) expect(decodeSignal(odd)).toBeNull();
  });

  test("a member's listeners hear what is announced for them, and only that", async () => {
    const bus = liveBus();
    await bus.ready();
    const ana = heard(bus, 1001);
    const bo = heard(bus, 1002);
    await announce([1001], "message");
    await announce([1001, 1003], "friend_request");
    await expect.poll(() => ana).toEqual(["message", "friend_request"]);
    await announce([1002], "notification");
    await expect.poll(() => bo).toEqual(["notification"]);
    expect(ana).toEqual(["message", "friend_request"]);
  });

  test("inside a transaction the signal goes out at its commit, and not at all if it rolls back (PostgreSQL)", async () => {
    if (!postgres) return;
    const bus = liveBus();
    await bus.ready();
    const ana = heard(bus, 2001);
    await db
      .transaction()
      .execute(async (trx) => {
        await announce([2001], "friendship", trx);
        throw new Error("rolled back");
      })
      .catch(() => {});
    await db.transaction().execute(async (trx) => {
      await announce([2001], "notification", trx);
      // PostgreSQL holds it until the commit: a signal sent after it on its own arrives first.
      await announce([2001], "message");
      await expect.poll(() => ana).toEqual(["message"]);
    });
    await expect.poll(() => ana).toEqual(["message", "notification"]);
  });

  test("the listening connection comes back after it is cut, and its listeners read again (PostgreSQL)", async () => {
    if (!postgres) return;
    const drops: string[] = [];
    const name = `${LISTENER_NAME} under test`;
    const bus = postgresBus(databaseUrl(), db, { backoffMs: 300, log: (message) => drops.push(message), name });
    closing.push(() => bus.close());
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    const before = await sendMessage(bo.id, ana.id, "before the cut");

    // Ana's page shows the conversation, through this bus.
    const controller = new AbortController();
    const request = new Request(`${BASE}/user/live?chat=${bo.id}`, { signal: controller.signal });
    const stream = reading(liveEventStream(request, { memberId: ana.id, chatWith: bo.id, cursor: { after: before.id, notice: null }, bus }), controller);
    const signals = heard(bus, ana.id);
    await bus.ready();
    await stream.until((text) => text.includes("event: unread"));
    // (Connecting the first time tells the listeners so far to read, as a reconnect does.)
    await expect.poll(() => signals).toContain("resync");
    signals.splice(0);

    // The listening connection's server process is ended (a restart, a network cut)…
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = ${name} and datname = current_database()`.execute(db);
    expect(rows.length).toBeGreaterThan(0);
    await expect.poll(() => drops.some((message) => message.includes("dropped"))).toBe(true);
    // …and a message is written while nobody listens (no signal reaches this instance).
    const during = await db
      .insertInto("chat_messages")
      .values({ sender_id: bo.id, recipient_id: ana.id, body: "while the listener was away", created_at: new Date().toISOString(), read_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();

    // It comes back by itself, tells its listeners to read again, and the stream catches up.
    await expect.poll(() => signals).toContain("resync");
    await stream.until((text) => text.includes("while the listener was away"));
    expect(frames(stream.text, "message").map((frame) => Number(frame.id!.split(".")[0]))).toEqual([during.id]);
    // And it hears what comes next.
    await sendMessage(bo.id, ana.id, "after the cut");
    await stream.until((text) => text.includes("after the cut"));
  });
});

describe("the page's live stream (/user/live)", () => {
  test("an idle stream runs no query: it waits on the bus, and a signal for another member does not wake it", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    const bus = inProcessBus();
    const controller = new AbortController();
    const request = new Request(`${BASE}/user/live?chat=${bo.id}`, { signal: controller.signal });
    const stream = reading(
      liveEventStream(request, { memberId: ana.id, chatWith: bo.id, cursor: { after: 0, notice: null }, bus, heartbeatMs: 20 }),
      controller,
    );
    // Connecting reads once (the counts come last).
    await stream.until((text) => text.includes("event: unread"));
    const queries = vi.spyOn(db.getExecutor(), "executeQuery");
    closing.push(() => queries.mockRestore());
    await bus.announce([bo.id], "message");
    await bus.announce([bo.id, 999_999], "friend_request");
    const heartbeats = (text: string) => text.split(": heartbeat").length - 1;
    const seen = heartbeats(stream.text);
    await stream.until((text) => heartbeats(text) >= seen + 5);
    expect(queries).not.toHaveBeenCalled();
    // A signal for this member: it reads.
    await bus.announce([ana.id], "notification");
    await expect.poll(() => queries.mock.calls.length).toBeGreaterThan(0);
  });

  test("ends when the instance stops (its bus closes), so that the browser reconnects elsewhere", async () => {
    const ana = await createSignedInMember();
    const bus = inProcessBus();
    const controller = new AbortController();
    const request = new Request(`${BASE}/user/live`, { signal: controller.signal });
    const stream = reading(liveEventStream(request, { memberId: ana.id, cursor: { after: 0, notice: null }, bus }), controller);
    await stream.until((text) => text.includes("event: unread"));
    expect(stream.done).toBe(false);
    await bus.close();
    await expect.poll(() => stream.done).toBe(true);
  });

  test("needs a signed-in member", async () => {
    const response = await settle(() => liveLoader(routeArgs(getRequest("/user/live"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
  });

  test("a conversation with anyone but a friend is a 404", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    const eve = await createSignedInMember();
    await friends(ana, bo);
    for (const target of [String(bo.id), String(ana.id), String(eve.id), "999999", "x", "99999999999"]) {
      expect((await open(eve, `?chat=${target}`).response).status, target).toBe(404);
    }
    const stream = open(ana, `?chat=${bo.id}`);
    expect((await stream.response).status).toBe(200);
    stream.controller.abort();
  });

  test("the header's counts on connecting and as they change; a friend request as a notice", async () => {
    const ana = await createSignedInMember({ name: "Ana" });
    const bo = await createSignedInMember({ name: "Bo" });
    const cy = await createSignedInMember({ name: "Cy" });
    await friends(bo, ana);
    const stream = await openReading(ana);
    await stream.until((text) => frames(text, "unread").length === 1);
    expect(frames(stream.text, "unread")[0].data).toEqual({ notifications: 0, chat: 0 });

    await sendMessage(bo.id, ana.id, "Hello");
    await stream.until((text) => frames(text, "unread").length === 2);
    expect(frames(stream.text, "unread")[1].data).toEqual({ notifications: 0, chat: 1 });
    // Not on this conversation's page: nothing of it is sent, nor read.
    expect(frames(stream.text, "message")).toEqual([]);

    await askFriend(cy, ana);
    await stream.until((text) => frames(text, "friend-request").length === 1);
    const [notice] = frames(stream.text, "friend-request");
    expect(notice.data).toMatchObject({ message: "Cy sent you a friend request.", linkPath: "/user/friends#friend-requests" });
    expect(notice.id).toBe(`0.${notice.data.id}`);
    await stream.until((text) => frames(text, "unread").some((frame) => frame.data.notifications === 1));
  });

  test("another member's messages, requests and counts never reach this member's stream", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    const cy = await createSignedInMember();
    await friends(ana, bo);
    await friends(bo, cy);
    const anaStream = await openReading(ana, `?chat=${bo.id}`);
    const boStream = await openReading(bo, `?chat=${cy.id}`);
    await anaStream.until((text) => text.includes("event: unread"));
    await boStream.until((text) => text.includes("event: unread"));

    // Bo and Cy chat, and Cy gets a friend request: Ana's stream of her conversation with Bo stays silent.
    await sendMessage(cy.id, bo.id, "for Bo only");
    await sendMessage(bo.id, cy.id, "for Cy only");
    const dee = await createSignedInMember();
    await askFriend(dee, bo);
    await boStream.until((text) => text.includes("for Cy only") && text.includes("event: friend-request"));
    // A signal for Ana afterwards: once it is through, anything of Bo's would have been too.
    await sendMessage(ana.id, bo.id, "for Bo from Ana");
    await anaStream.until((text) => text.includes("for Bo from Ana"));
    expect(anaStream.text).not.toContain("only");
    expect(frames(anaStream.text, "friend-request")).toEqual([]);
    expect(frames(anaStream.text, "unread")).toHaveLength(1);
  });

  test("a reconnect with Last-Event-ID catches up with the messages and friend requests since, each once", async () => {
    const ana = await createSignedInMember();
    const bo = await createSignedInMember();
    await friends(ana, bo);
    const first = await sendMessage(bo.id, ana.id, "first");
    const one = await openReading(ana, `?chat=${bo.id}&after=0`);
    await one.until((text) => text.includes('"first"'));
    const lastId = frames(one.text, "message").at(-1)!.id!;
    expect(lastId.split(".")[0]).toBe(String(first.id));

    // While Ana's page is away: a message, and a friend request.
    const second = await sendMessage(bo.id, ana.id, "second");
    const cy = await createSignedInMember({ name: "Cy" });
    await askFriend(cy, ana);

    const again = await openReading(ana, `?chat=${bo.id}&after=0`, { "Last-Event-ID": lastId });
    await again.until((text) => text.includes('"second"') && text.includes("event: friend-request"));
    const messages = frames(again.text, "message");
    expect(messages.map((frame) => frame.data.body)).toEqual(["second"]);
    expect(messages[0].id!.split(".")[0]).toBe(String(second.id));
    expect(frames(again.text, "friend-request").map((frame) => frame.data.message)).toEqual(["Cy sent you a friend request."]);
  });

  test("a friend request made between the page's rendering and its stream's connecting is told too", async () => {
    const ana = await createSignedInMember();
    const cy = await createSignedInMember({ name: "Cy" });
    const page = (await (await settle(() => memberArea(routeArgs(getRequest("/user/timeline", ana.cookie))))).json()) as {
      liveFrom: { notice: number };
    };
    await askFriend(cy, ana);
    // The page opens its stream from the newest notification it was rendered with.
    const stream = await openReading(ana, `?notice=${page.liveFrom.notice}`);
    await stream.until((text) => text.includes("event: friend-request"));
    expect(frames(stream.text, "friend-request").map((frame) => frame.data.message)).toEqual(["Cy sent you a friend request."]);
    // Without it (an older page), only what comes after the stream's connecting.
    const fresh = await openReading(ana);
    await fresh.until((text) => text.includes("event: unread"));
    expect(frames(fresh.text, "friend-request")).toEqual([]);
  });
});
