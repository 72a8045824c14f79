import { inviteFiltersFrom, inviteFiltersParams, inviteMembers } from "./invitations.server";
import { ticketTypeLabel } from "./labels";
import type { InviteInput } from "./schema";
import { NOT_OFFERED, type TicketEvent, typePrice } from "./tickets.server";

/** The invite dialog over the event page, keeping the filters and page that `params` name. */
export function inviteDialogPath(eventId: number, params: URLSearchParams) {
  const query = inviteFiltersParams(inviteFiltersFrom(params));
  const page = params.get("page");
  if (page && /^\d{1,6}$/.test(page) && Number(page) > 1) query.set("page", String(Number(page)));
  const search = query.toString();
  return `/user/events/${eventId}/invite${search ? `?${search}` : ""}`;
}

export type InviteErrors = Partial<Record<"member_id" | "ticket_type", string[]>>;

export type InviteOutcome = { ok: true; invited: number; message: string } | { ok: false; errors: InviteErrors };

/** The organiser invites the members ticked to a ticket type of their event. */
export async function inviteToEvent(
  organiser: { id: number; name: string },
  event: NonNullable<TicketEvent>,
  { ticket_type: type, member_id: memberIds }: InviteInput,
  origin: string,
): Promise<InviteOutcome> {
  if (typePrice(event, type) === null) return { ok: false, errors: { ticket_type: [NOT_OFFERED] } };
  const invited = await inviteMembers(organiser, event, memberIds, type, origin);
  const message =
    invited === 0
      ? "Nobody new to invite: the members you chose are already invited."
      : `${invited === 1 ? "1 member is" : `${invited} members are`} invited to a ${ticketTypeLabel(type)} ticket.`;
  return { ok: true, invited, message };
}
