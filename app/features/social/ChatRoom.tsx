import { Link, useFetcher } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/ui/csrf-input";
import { useFieldState } from "~/ui/use-field-state";
import { useLiveChat } from "~/ui/live";
import { useHydrated } from "~/ui/use-hydrated";
import { MESSAGE_MAX_LENGTH } from "./constants";
import { ViewerTime } from "~/ui/viewer-time";

type Message = { id: number; senderId: number; body: string; createdAt: string; readAt: string | null };

const SEND_FORM_ID = "chat-send";

function merge(current: Message[], incoming: Message[]) {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) if (!byId.has(message.id)) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * A conversation: the messages, newest at the bottom, and the send box. Without JS the page
 * shows the messages and the form posts (Post/Redirect/Get). With JS new messages arrive live
 * through the page's Server-Sent Events stream (ui/live.tsx; the loader's `liveChat` asks it
 * for this conversation), and sending goes through a fetcher without a reload.
 */
export function ChatRoom({
  memberId,
  other,
  messages: initial,
  hasOlder,
  before,
  error,
}: {
  memberId: number;
  other: { id: number; name: string };
  messages: Message[];
  hasOlder: boolean;
  before: number | null;
  error: string | null;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ message: Message | null; result: { error?: Record<string, string[] | null> } }>();
  const [messages, setMessages] = useState(initial);
  const [text, setText] = useFieldState(SEND_FORM_ID, "body", "");
  const formRef = useRef<HTMLFormElement>(null);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => setMessages((current) => merge(current, initial)), [initial]);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [messages]);

  // New messages come through the page's live stream (ui/live.tsx), which resumes after the last
  // message seen when the connection comes back; an older page is history, not live.
  const live = useLiveChat(other.id, (data) => {
    const message = data as Message;
    if (before || (message.senderId !== other.id && message.senderId !== memberId)) return;
    setMessages((current) => merge(current, [message]));
  });

  const sent = fetcher.data?.message;
  useEffect(() => {
    if (!sent) return;
    setMessages((current) => merge(current, [sent]));
    setText("");
  }, [sent]);

  const sendError = fetcher.data?.result.error?.body?.[0] ?? error;
  const empty = text.trim() === "";
  const sending = fetcher.state !== "idle";

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // With a keyboard Enter sends and Shift+Enter starts a new line. On a touch screen the
    // keyboard has no Shift+Enter: Enter starts a new line there, and the Send button sends.
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing && !window.matchMedia("(pointer: coarse)").matches) {
      event.preventDefault();
      if (!empty && !sending) formRef.current?.requestSubmit();
    }
  }

  return (
    <>
      <div className="chat-scroll" data-testid="chat-messages">
        <div ref={bottom} />
        <ol className="chat-messages" aria-label={`Messages with ${other.name}`}>
          {hasOlder ? (
            <li className="chat-older">
              <Link to={`?before=${messages[0]?.id ?? ""}`}>Older messages</Link>
            </li>
          ) : null}
          {messages.length === 0 ? <li className="muted chat-empty">No messages yet. Say hello!</li> : null}
          {messages.map((message) => {
            const mine = message.senderId === memberId;
            return (
              <li key={message.id} className={`chat-message ${mine ? "chat-message--mine" : "chat-message--theirs"}`} data-testid="chat-message">
                <span className="visually-hidden">{mine ? "You" : other.name}: </span>
                <p className="chat-body">{message.body}</p>
                <ViewerTime className="chat-time" value={message.createdAt} />
              </li>
            );
          })}
          {before ? (
            <li className="chat-older">
              <Link to=".">Newest messages</Link>
            </li>
          ) : null}
        </ol>
      </div>
      {before ? null : (
        <fetcher.Form method="post" id={SEND_FORM_ID} className="chat-send" ref={formRef}>
          <CsrfInput />
          {hydrated ? <input type="hidden" name="live" value="1" /> : null}
          <label htmlFor="chat-body" className="visually-hidden">
            Message to {other.name}
          </label>
          <textarea
            id="chat-body"
            name="body"
            rows={2}
            maxLength={MESSAGE_MAX_LENGTH}
            required
            placeholder="Write a message"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={sendError ? true : undefined}
            aria-describedby={sendError ? "chat-body-error" : undefined}
          />
          {/* SPEC.md §4: enabled only when the text box is not empty (once JS can tell). */}
          <button type="submit" className="button" disabled={hydrated && (empty || sending)}>
            Send
          </button>
          {sendError ? (
            <p id="chat-body-error" className="field-errors" role="alert">
              {sendError}
            </p>
          ) : null}
        </fetcher.Form>
      )}
      {hydrated && !before ? (
        <p className="chat-live muted" data-testid="chat-live" data-state={live}>
          {live === "open" ? "Live" : live === "connecting" ? "Connecting…" : "Not live: reload the page to see new messages."}
        </p>
      ) : null}
    </>
  );
}
