/** What a contact's invitation looks like to its owner (the profile, the grid, the answers of
 * the invite actions). */
export type InvitationState =
  | { status: "none" }
  | { status: "invited"; email: string; sentAt: string; resentCount: number; expired: boolean }
  | { status: "joined"; acceptedAt: string };

/** "Invited on 2026-11-23", "Re-invited 2 times, last on 2026-11-24", "Joined Chapter on …". */
export function invitationLabel(state: InvitationState) {
  if (state.status === "none") return "Not invited yet";
  if (state.status === "joined") return `Joined Chapter on ${state.acceptedAt.slice(0, 10)}`;
  const on = state.sentAt.slice(0, 10);
  const base =
    state.resentCount === 0
      ? `Invited on ${on}`
      : `Re-invited ${state.resentCount === 1 ? "once" : `${state.resentCount} times`}, last on ${on}`;
  return state.expired ? `${base} (the link has expired)` : base;
}
