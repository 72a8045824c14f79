import { parseWithZod } from "~/lib/parse-form.server";
import { json, redirect } from "@remix-run/node";
import { type InviteOutcome, inviteDialogPath, inviteToEvent } from "~/features/tickets/invite-call.server";
import { InviteSchema } from "~/features/tickets/schema";
import { organisedEvent, type TicketEvent } from "~/features/tickets/tickets.server";
import { requireFound } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

/** The organiser of the event `eventId` names; anyone else (or no such event) gets 404. */
export async function requireInvitingOrganiser(request: Request, eventId: unknown) {
  const member = await requireMember(request);
  const event = await requireFound(eventId, (id) => organisedEvent(member.id, id));
  return { member, event };
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
  return inviteToEvent(organiser, event, submission.value, await publicOrigin(request));
}
