import { type ChatMessage, markConversationRead, messagesAfter } from "~/features/social/chat.server";
import { areFriends } from "~/features/social/friendship.server";
import { ChatResumeSchema } from "~/features/social/schema";
import { requireValid } from "~/lib/http.server";

export const POLL_MS = 1000;
export const HEARTBEAT_MS = 20_000;
/** While idle, every this many polls the stream checks the two are still friends, and ends
 * if not (so a stream left open after an unfriend does not linger). */
const IDLE_FRIENDSHIP_CHECK_EVERY = 15;

/** The id to continue after: the browser's Last-Event-ID on a reconnect, or ?after=. */
export function resumeAfter(request: Request) {
  const query = new URLSearchParams(new URL(request.url).searchParams);
  const lastEventId = request.headers.get("Last-Event-ID");
  if (lastEventId) query.set("last_event_id", lastEventId);
  const { after, last_event_id } = requireValid(query, ChatResumeSchema);
  return Math.max(0, Number(after ?? 0), Number(last_event_id ?? 0));
}

export function messageEvent(message: ChatMessage) {
  return `id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/**
 * The live side of a conversation as Server-Sent Events. Every instance polls the database
 * (one indexed query a second per open stream) for messages after the last one sent, so a
 * message written through any instance arrives; nothing is kept in memory between requests.
 * Messages to the viewer are marked read as they are delivered. Once the two are no longer
 * friends the stream delivers nothing more and ends. A comment line every 20 s
 * keeps proxies from closing an idle stream; the stream ends when the browser goes away.
 */
export function chatEventStream(
  request: Request,
  {
    memberId,
    otherId,
    afterId,
    pollMs = POLL_MS,
    heartbeatMs = HEARTBEAT_MS,
  }: {
    memberId: number;
    otherId: number;
    afterId: number;
    pollMs?: number;
    heartbeatMs?: number;
  },
) {
  const encoder = new TextEncoder();
  let lastId = afterId;
  let closed = false;
  let pollTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let close = () => {};

  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      close = () => {
        if (closed) return;
        closed = true;
        clearTimeout(pollTimer);
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed by the reader.
        }
      };
      if (request.signal.aborted) return close();
      request.signal.addEventListener("abort", close);

      let polls = 0;
      const poll = async () => {
        if (closed) return;
        polls += 1;
        try {
          const messages = await messagesAfter(memberId, otherId, lastId);
          // Nothing is delivered unless the two are friends now, checked after reading the
          // messages; with nothing to deliver the check is only made now and then.
          const mustCheck = messages.length > 0 || polls % IDLE_FRIENDSHIP_CHECK_EVERY === 0;
          if (mustCheck && !(await areFriends(memberId, otherId))) {
            send("event: end\ndata: {}\n\n");
            return close();
          }
          for (const message of messages) {
            send(messageEvent(message));
            lastId = message.id;
          }
          const received = messages.filter((message) => message.senderId === otherId);
          if (received.length > 0) await markConversationRead(memberId, otherId, received[received.length - 1].id);
        } catch (error) {
          // The database may be briefly away; the next poll tries again.
          console.error("chat stream poll failed", error);
        }
        if (!closed) pollTimer = setTimeout(poll, pollMs);
      };

      // Reconnecting browsers wait this long before trying again.
      send("retry: 2000\n\n");
      void poll();
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
