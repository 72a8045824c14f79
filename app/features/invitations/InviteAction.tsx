import { Link, useFetcher } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { CsrfInput } from "~/ui/csrf-input";
import { useTimeZone } from "~/ui/root-data";
import { StatusButton } from "~/ui/status-button";
import { invitationLabel, type InvitationState } from "./state";

/** The invite dialog of a contact, returning to `back`. */
export function inviteDialogPath(contactId: number, back: string) {
  return `/user/contacts/${contactId}/invite?back=${encodeURIComponent(back)}`;
}

/**
 * SPEC.md §4: Invite, then "Invited" and Re-invite. Invite opens the invite form; Re-invite
 * sends again at once and is disabled until the answer is in. With JS a fetcher posts it and
 * the state flips in place; without JS the page comes back with the notification.
 */
export function InviteAction({
  contactId,
  name,
  state,
  back,
  variant = "profile",
}: {
  contactId: number;
  name: string;
  state: InvitationState;
  back: string;
  variant?: "profile" | "grid";
}) {
  const fetcher = useFetcher();
  const timeZone = useTimeZone();
  const sending = fetcher.state !== "idle";
  const small = "button--secondary button--small";
  if (state.status === "joined") return <span className="invite-joined">Joined Chapter</span>;
  if (state.status === "none") {
    return (
      <Link
        to={inviteDialogPath(contactId, back)}
        className={variant === "grid" ? "button button--secondary button--small" : "button button--small"}
        preventScrollReset
        aria-label={`Invite ${name} to Chapter`}
      >
        Invite
      </Link>
    );
  }
  return (
    <fetcher.Form method="post" action="/user/reinvite" className="invite-action" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="contact_id" value={contactId} />
      {variant === "grid" ? (
        <span className="invite-sent" title={invitationLabel(state, timeZone)}>
          Invited {formatDate(state.sentAt, timeZone)}
        </span>
      ) : null}
      <StatusButton pending={sending} pendingLabel="Sending..." className={small} aria-label={`Re-invite ${name}`}>
        Re-invite
      </StatusButton>
    </fetcher.Form>
  );
}

/** The contact profile's invitation section. */
export function InvitationSection({ contactId, name, state, back }: { contactId: number; name: string; state: InvitationState; back: string }) {
  const timeZone = useTimeZone();
  return (
    <section className="card" aria-labelledby="invitation-heading">
      <div className="page-header">
        <h2 id="invitation-heading">Invitation to Chapter</h2>
        <InviteAction contactId={contactId} name={name} state={state} back={back} />
      </div>
      <p className="muted" data-testid="invitation-state">
        {invitationLabel(state, timeZone)}
        {state.status === "invited" ? ` to ${state.email}` : ""}.
      </p>
      {state.status === "invited" ? (
        <p>
          <Link to={inviteDialogPath(contactId, back)} preventScrollReset>
            Change the e-mail or message and send again
          </Link>
        </p>
      ) : null}
    </section>
  );
}
