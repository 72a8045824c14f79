import { type FriendRequestNotice, friendRequestNoticesAfter, lastNotificationId, unreadCounts } from "~/features/notifications/notifications.server";
import { type ChatMessage, markConversationRead, messagesAfter } from "~/features/social/chat.server";
import { areFriends } from "~/features/social/friendship.server";
import { LiveResumeSchema } from "~/features/social/schema";
import { requireValid } from "~/lib/http.server";
import { type LiveBus, type LiveSignal, liveBus } from "~/lib/live-bus.server";

export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting (the stream's `retry:`). */
export const RETRY_MS = 2_000;

export type LiveCursor = { after: number; notice: number | null };

/** Where the stream resumes: the browser's Last-Event-ID on a reconnect (`<message>.<notice>`),
 * else ?after= and ?notice= (no notice: from the newest notification on). */
export function resumeFrom(request: Request): LiveCursor {
  const query = new URLSearchParams(new URL(request.url).searchParams);
  const lastEventId = request.headers.get("Last-Event-ID");
  if (lastEventId) query.set("last_event_id", lastEventId);
  const { after, notice, last_event_id } = requireValid(query, LiveResumeSchema);
  if (last_event_id) {
    const [message, told] = last_event_id.split(".");
    return { after: Number(message), notice: told === undefined ? (notice ? Number(notice) : null) : Number(told) };
  }
  return { after: Number(after ?? 0), notice: notice === undefined ? null : Number(notice) };
}

const frame = (event: string, data: unknown, id?: string) => `${id ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * A signed-in member's page, live, as Server-Sent Events: one stream per page. It sends
 * - `unread`: the header's counts ({ notifications, chat }, the conversation shown left out),
 *   on connecting and whenever they change;
 * - `message`: each message of the conversation the page shows (`chat`), both ways; those to the
 *   member are marked read as they are delivered;
 * - `friend-request`: a friend request arriving (its notification's text and link);
 * - `end`: the two are no longer friends; the stream delivers nothing more and ends.
 * Each message and notice carries `id: <message>.<notice>` (the last of each sent), so a
 * browser reconnecting with Last-Event-ID misses nothing and gets nothing twice.
 *
 * Idle, it runs no query: it waits on the live bus (lib/live-bus.server.ts), and reads only
 * when the bus says something changed for this member (by last id), or on connecting, or when
 * the bus's own connection came back (`resync`). A comment line every 20 s keeps proxies from
 * closing it; it ends when the browser goes away.
 */
export function liveEventStream(
  request: Request,
  {
    memberId,
    chatWith = null,
    cursor,
    bus = liveBus(),
    heartbeatMs = HEARTBEAT_MS,
  }: { memberId: number; chatWith?: number | null; cursor: LiveCursor; bus?: LiveBus; heartbeatMs?: number },
) {
  const encoder = new TextEncoder();
  let lastMessage = cursor.after;
  let lastNotice = cursor.notice;
  let lastUnread = "";
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let unsubscribe = () => {};
  let close = () => {};
  const id = () => `${lastMessage}.${lastNotice ?? 0}`;

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        clearTimeout(retry);
        unsubscribe();
        request.signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed by the reader.
        }
      };
      if (request.signal.aborted) return close();
      request.signal.addEventListener("abort", close);

      async function chat(signals: Set<LiveSignal>) {
        if (chatWith === null) return;
        const everything = signals.has("resync");
        if (!everything && !signals.has("message") && !signals.has("friendship")) return;
        const messages = everything || signals.has("message") ? await messagesAfter(memberId, chatWith, lastMessage) : [];
        // Nothing is delivered unless the two are friends now, checked after reading the messages.
        if ((messages.length > 0 || everything || signals.has("friendship")) && !(await areFriends(memberId, chatWith))) {
          send("event: end\ndata: {}\n\n");
          return close();
        }
        for (const message of messages) {
          lastMessage = message.id;
          send(frame("message", message satisfies ChatMessage, id()));
        }
        const received = messages.filter((message) => message.senderId === chatWith);
        if (received.length > 0) await markConversationRead(memberId, chatWith, received[received.length - 1].id);
      }

      async function notices(signals: Set<LiveSignal>) {
        if (lastNotice === null) {
          // A fresh page: notices from now on (the page shows what came before).
          lastNotice = await lastNotificationId(memberId);
          return;
        }
        if (!signals.has("resync") && !signals.has("friend_request")) return;
        const found: FriendRequestNotice[] = await friendRequestNoticesAfter(memberId, lastNotice);
        for (const notice of found) {
          lastNotice = notice.id;
          send(frame("friend-request", notice, id()));
        }
      }

      async function counts(signals: Set<LiveSignal>) {
        if (signals.size === 1 && signals.has("friendship")) return;
        const unread = await unreadCounts(memberId, chatWith === null ? undefined : new URL(`/user/chat/${chatWith}`, request.url));
        const text = JSON.stringify(unread);
        if (text !== lastUnread) send(frame("unread", unread));
        lastUnread = text;
      }

      // Signals that come while the stream reads wait for the next reading (one at a time).
      let pending = new Set<LiveSignal>(["resync"]);
      let reading = false;
      async function read() {
        if (reading) return;
        reading = true;
        clearTimeout(retry);
        while (pending.size > 0 && !closed) {
          const signals = pending;
          pending = new Set();
          try {
            await chat(signals);
            if (closed) break;
            await notices(signals);
            await counts(signals);
          } catch (error) {
            // The database may be briefly away: read everything on the next signal.
            console.error("live stream: reading failed", error);
            pending.add("resync");
            retry = setTimeout(() => void read(), RETRY_MS);
            break;
          }
        }
        reading = false;
      }
      unsubscribe = bus.subscribe(memberId, (signal) => {
        if (signal === "shutdown") return close();
        pending.add(signal);
        void read();
      });

      // Reconnecting browsers wait this long before trying again.
      send(`retry: ${RETRY_MS}\n\n`);
      void read();
      heartbeat = setInterval(() => send(": heartbeat\n\n"), heartbeatMs);
    },
    cancel() {
      close();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware leaves the stream alone (it would buffer it).
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
