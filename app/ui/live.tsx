import { useMatches } from "@remix-run/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { LiveUnread, type Unread, useLiveFrom, useServerUnread } from "./root-data";
import { Toast } from "./toast";

/** What a page's loader returns as `liveChat` when the page shows a conversation live: the
 * friend, and the last message it shows (the stream sends those after it). */
export type LiveChatPage = { chat: number; after: number };

export type LiveState = "connecting" | "open" | "closed";
type FriendRequestNotice = { id: number; message: string; linkPath: string | null };
type ChatListener = (message: unknown) => void;

const LiveChat = createContext<{ chat: number | null; state: LiveState; listen: (listener: ChatListener) => () => void }>({
  chat: null,
  state: "connecting",
  listen: () => () => {},
});

/** The conversation page's loader data's `liveChat`, if the page shows one. */
function useLiveChatPage(): LiveChatPage | null {
  const matches = useMatches();
  for (const match of matches) {
    const live = (match.data as { liveChat?: LiveChatPage | null } | undefined)?.liveChat;
    if (live) return live;
  }
  return null;
}

/** `<message>.<notice>`, the stream's event ids. */
function cursorOf(id: string) {
  const [message, notice] = id.split(".").map(Number);
  return { message: Number.isSafeInteger(message) ? message : 0, notice: Number.isSafeInteger(notice) ? notice : null };
}

const MAX_REOPENS = 8;
/** How long after the document has loaded the first stream opens (see `useAfterLoad`). */
const AFTER_LOAD_MS = 2_000;

let documentSettled = false;

/**
 * true two seconds after the document's load event (at once on later pages of the same
 * document): the stream waits so as not to compete with the page's own requests, and so that
 * the page is quiet first (Lighthouse waits for a second without requests, and an open stream is
 * a request that never ends). Nothing is lost: the stream starts from the counts and the newest
 * notification the page was rendered with. A conversation's page opens it at once (its "Live").
 */
function useAfterLoad() {
  const [settled, setSettled] = useState(documentSettled);
  useEffect(() => {
    if (settled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = () => {
      timer = setTimeout(() => {
        documentSettled = true;
        setSettled(true);
      }, AFTER_LOAD_MS);
    };
    if (document.readyState === "complete") wait();
    else window.addEventListener("load", wait, { once: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("load", wait);
    };
  }, [settled]);
  return settled;
}

/**
 * The page's one live stream (GET /user/live, routes/shell/live-events.server.ts), opened once
 * JS runs on a signed-in member's page: it keeps the header's badges up to date, tells of a
 * friend request arriving (a notice), and brings a conversation's messages (useLiveChat). The
 * browser reconnects by itself after a dropped connection (sending Last-Event-ID), but gives
 * up for good on an error answer (a proxy's 502 while the server restarts): then a new stream
 * is opened from the last event seen, a little later each time. It is opened anew only when
 * the page's conversation changes. Without JS nothing of this runs: the page shows what the
 * server rendered, and a reload shows what is new.
 */
export function LiveUpdates({ children }: { children: ReactNode }) {
  const server = useServerUnread();
  const settled = useAfterLoad();
  const page = useLiveChatPage();
  const inMemberArea = server !== undefined && (settled || page !== null);
  const [ended, setEnded] = useState<number | null>(null);
  const chat = page && page.chat !== ended ? page.chat : null;
  const [state, setState] = useState<LiveState>("connecting");
  const [counts, setCounts] = useState<{ counts: Unread; after: Unread } | null>(null);
  const [notice, setNotice] = useState<FriendRequestNotice | null>(null);
  // Each opening after the browser gave up; `failures` since the stream was last open.
  const [opening, setOpening] = useState(0);
  const failures = useRef(0);
  const listeners = useRef(new Set<ChatListener>());
  // The loader's counts now, and the conversation's last message known (the page's, or one the stream sent since).
  const serverNow = useRef(server);
  serverNow.current = server;
  const cursor = useRef<{ chat: number | null; message: number; notice: number | null }>({ chat: null, message: 0, notice: null });
  const from = useLiveFrom();
  if (from && (cursor.current.notice === null || cursor.current.notice < from.notice)) cursor.current.notice = from.notice;
  if (page && cursor.current.chat !== page.chat) cursor.current = { ...cursor.current, chat: page.chat, message: page.after };
  else if (page && page.after > cursor.current.message) cursor.current.message = page.after;

  useEffect(() => {
    if (!inMemberArea) return;
    const query = new URLSearchParams();
    if (chat !== null) {
      query.set("chat", String(chat));
      query.set("after", String(cursor.current.message));
    }
    if (cursor.current.notice !== null) query.set("notice", String(cursor.current.notice));
    const source = new EventSource(`/user/live${query.size ? `?${query}` : ""}`);
    let again: ReturnType<typeof setTimeout> | undefined;
    const follow = (event: MessageEvent) => {
      if (!event.lastEventId) return;
      const { message, notice } = cursorOf(event.lastEventId);
      if (chat !== null && cursor.current.chat === chat) cursor.current.message = Math.max(cursor.current.message, message);
      if (notice !== null) cursor.current.notice = notice;
    };
    setState("connecting");
    source.addEventListener("open", () => {
      setState("open");
      failures.current = 0;
    });
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED) return setState("connecting");
      setState("closed");
      const failed = failures.current++;
      if (failed < MAX_REOPENS) again = setTimeout(() => setOpening((count) => count + 1), Math.min(30_000, 2_000 * 2 ** failed));
    });
    source.addEventListener("message", (event) => {
      follow(event);
      const message = JSON.parse(event.data) as unknown;
      for (const listener of listeners.current) listener(message);
    });
    source.addEventListener("unread", (event) => {
      const counts = JSON.parse(event.data) as Unread;
      if (serverNow.current) setCounts({ counts, after: serverNow.current });
    });
    source.addEventListener("friend-request", (event) => {
      follow(event);
      setNotice(JSON.parse(event.data) as FriendRequestNotice);
    });
    source.addEventListener("end", () => {
      // No longer friends: the conversation is not live any more; the badges go on without it.
      source.close();
      setEnded(chat);
    });
    return () => {
      clearTimeout(again);
      source.close();
    };
    // `opening` opens it again after the browser gave up; nothing else but the conversation does.
  }, [inMemberArea, chat, opening]);

  const listen = useCallback((listener: ChatListener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const chatState: LiveState = page && page.chat === ended ? "closed" : state;
  const live = useMemo(() => ({ chat, state: chatState, listen }), [chat, chatState, listen]);

  return (
    <LiveUnread.Provider value={counts}>
      <LiveChat.Provider value={live}>
        {children}
        {notice ? (
          <Toast
            notification={{ id: `friend-request-${notice.id}`, type: "info", message: notice.message }}
            link={notice.linkPath ? { to: notice.linkPath, label: "See the request" } : undefined}
          />
        ) : null}
      </LiveChat.Provider>
    </LiveUnread.Provider>
  );
}

/** The conversation with `other`, live: `onMessage` gets each message the page's stream
 * brings; the answer says whether the stream is open. */
export function useLiveChat(other: number, onMessage: (message: unknown) => void): LiveState {
  const live = useContext(LiveChat);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => live.listen((message) => handler.current(message)), [live]);
  return live.chat === other ? live.state : live.state === "closed" ? "closed" : "connecting";
}
