import { formatDate } from "~/lib/format";

/** What a contact's invitation looks like to its owner (the profile, the grid, the answers of
 * the invite actions). */
export type InvitationState =
  { status: "none" } | { status: "invited"; email: string; sentAt: string; resentCount: number; expired: boolean } | { status: "joined"; acceptedAt: string };

/** "Invited on 23 Nov 2026", "Re-invited 2 times, last on 24 Nov 2026", "Joined Chapter on …"
 * (days in the viewer's `timeZone`). */
export function invitationLabel(state: InvitationState, timeZone: string) {
  if (state.status === "none") return "Not invited yet";
  if (state.status === "joined") return `Joined Chapter on ${formatDate(state.acceptedAt, timeZone)}`;
  const on = formatDate(state.sentAt, timeZone);
  const base = state.resentCount === 0 ? `Invited on ${on}` : `Re-invited ${state.resentCount === 1 ? "once" : `${state.resentCount} times`}, last on ${on}`;
  return state.expired ? `${base} (the link has expired)` : base;
}
