import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { CsrfInput } from "~/ui/csrf-input";

export type FriendState = "none" | "sent" | "received" | "friends";

const ACTIONS = {
  add: "/user/ajax/add-friend-request",
  cancel: "/user/ajax/cancel-friend-request",
  accept: "/user/ajax/accept_friend_request",
  decline: "/user/ajax/decline_friend_request",
} as const;

/** What the relationship becomes once the call being sent lands (SPEC.md §4: add shows the
 * cancel button at once, cancel shows add again). */
function expected(formAction: string | undefined, current: FriendState): FriendState {
  if (!formAction) return current;
  if (formAction.endsWith(ACTIONS.add)) return current === "received" ? "friends" : "sent";
  if (formAction.endsWith(ACTIONS.cancel) || formAction.endsWith(ACTIONS.decline)) return "none";
  if (formAction.endsWith(ACTIONS.accept)) return "friends";
  return current;
}

/**
 * The friend request button for one member: Add friend (or Connect), Cancel request, Accept
 * and Decline, or a Friends badge. With JS it flips at once and the call goes through a
 * fetcher; without JS each is a plain form and the page comes back with the notification.
 */
export function FriendButton({
  memberId,
  name,
  state,
  addLabel = "Add friend",
}: {
  memberId: number;
  name: string;
  state: FriendState;
  /** "Connect" on search results. */
  addLabel?: string;
}) {
  const fetcher = useFetcher();
  // What the last call made of it, kept until the page's data says otherwise (a list that is
  // not reloaded, like the search suggestions, would flip back otherwise).
  const [settled, setSettled] = useState<FriendState | null>(null);
  const lastAction = useRef<string | undefined>(undefined);
  if (fetcher.formAction) lastAction.current = fetcher.formAction;
  useEffect(() => {
    if (fetcher.state === "idle" && lastAction.current) {
      setSettled(expected(lastAction.current, state));
      lastAction.current = undefined;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state]);
  useEffect(() => setSettled(null), [state]);
  const shown = fetcher.state === "idle" ? (settled ?? state) : expected(fetcher.formAction, settled ?? state);
  const form = (key: string, action: string, label: string, secondary = false) => (
    <fetcher.Form method="post" action={action} key={key}>
      <CsrfInput />
      <input type="hidden" name="friend_user_id" value={memberId} />
      <button type="submit" className={`button button--small${secondary ? " button--secondary" : ""}`}>
        {label}
        <span className="visually-hidden"> ({name})</span>
      </button>
    </fetcher.Form>
  );
  // One form in one place whose call changes with the state, so a keyboard user's focus stays
  // on the button as it flips between Add friend and Cancel request.
  const primary =
    shown === "none"
      ? { action: ACTIONS.add, label: addLabel, secondary: false }
      : shown === "sent"
        ? { action: ACTIONS.cancel, label: "Cancel request", secondary: true }
        : shown === "received"
          ? { action: ACTIONS.accept, label: "Accept", secondary: false }
          : null;
  return (
    <div className="friend-button" data-state={shown} aria-live="polite">
      {primary ? form("primary", primary.action, primary.label, primary.secondary) : <span className="badge">Friends</span>}
      {shown === "received" ? form("secondary", ACTIONS.decline, "Decline", true) : null}
    </div>
  );
}
