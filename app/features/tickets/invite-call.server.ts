import { parseWithZod } from "@conform-to/zod/v4";
import { publicOrigin } from "~/lib/public-origin.server";
import { inviteMembers } from "./invitations.server";
import { ticketTypeLabel } from "./labels";
import { InviteSchema } from "./schema";
import { NOT_OFFERED, type TicketEvent, typePrice } from "./tickets.server";

export type InviteOutcome =
  | { ok: true; invited: number; message: string }
  | { ok: false; errors: Partial<Record<"member_id" | "ticket_type", string[]>> };

/** The invite form (members ticked and a ticket type) of the organiser's event. */
export async function inviteFromForm(
  request: Request,
  organiser: { id: number; name: string },
  event: NonNullable<TicketEvent>,
  form: FormData,
): Promise<InviteOutcome> {
  const submission = parseWithZod(form, { schema: InviteSchema });
  if (submission.status !== "success") {
    const error = submission.reply().error ?? {};
    return {
      ok: false,
      errors: {
        ...(error.member_id ? { member_id: error.member_id } : {}),
        ...(error.ticket_type ? { ticket_type: error.ticket_type } : {}),
        ...(!error.member_id && Object.keys(error).some((key) => key.startsWith("member_id[")) ? { member_id: ["Choose members from the list."] } : {}),
      },
    };
  }
  const { ticket_type: type, member_id: memberIds } = submission.value;
  if (typePrice(event, type) === null) return { ok: false, errors: { ticket_type: [NOT_OFFERED] } };
  const invited = await inviteMembers(organiser, event, memberIds, type, await publicOrigin(request));
  const message =
    invited === 0
      ? "Nobody new to invite: the members you chose are already invited."
      : `${invited === 1 ? "1 member is" : `${invited} members are`} invited to a ${ticketTypeLabel(type)} ticket.`;
  return { ok: true, invited, message };
}
