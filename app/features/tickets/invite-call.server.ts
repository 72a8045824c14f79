import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { inviteFiltersFrom, inviteFiltersParams, inviteMembers } from "./invitations.server";
import { ticketTypeLabel } from "./labels";
import { InviteSchema } from "./schema";
import { NOT_OFFERED, organisedEvent, parseEventId, type TicketEvent, typePrice } from "./tickets.server";

/** The organiser of the event `eventId` names; anyone else (or no such event) gets 404. */
export async function requireInvitingOrganiser(request: Request, eventId: string | null | undefined) {
  const member = await requireMember(request);
  const event = await organisedEvent(member.id, parseEventId(eventId));
  if (!event) throw new Response("Not found", { status: 404 });
  return { member, event };
}

/** The invite dialog over the event page, keeping the filters and page that `params` name. */
export function inviteDialogPath(eventId: number, params: URLSearchParams) {
  const query = inviteFiltersParams(inviteFiltersFrom(params));
  const page = params.get("page");
  if (page && /^\d{1,6}$/.test(page) && Number(page) > 1) query.set("page", String(Number(page)));
  const search = query.toString();
  return `/user/events/${eventId}/invite${search ? `?${search}` : ""}`;
}

/** SPEC.md's addresses with `?event_id=` and the filters lead to the dialog, the organiser's only. */
export async function redirectToInviteDialog(request: Request) {
  const params = new URL(request.url).searchParams;
  const { event } = await requireInvitingOrganiser(request, params.get("event_id"));
  return redirect(inviteDialogPath(event.id, params));
}

/** The invite form posted to the dialog (or SPEC.md's address): the outcome is flashed and the
 * organiser is back in the dialog with the same filters; a bad form answers its errors (400). */
export async function answerInviteForm(request: Request, eventId: string | null | undefined) {
  const { member, event } = await requireInvitingOrganiser(request, eventId);
  const outcome = await inviteFromForm(request, member, event, await request.formData());
  if (!outcome.ok) return json({ errors: outcome.errors }, { status: 400 });
  const to = inviteDialogPath(event.id, new URL(request.url).searchParams);
  return respond(request, { type: outcome.invited ? "success" : "info", message: outcome.message }, { to });
}

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
