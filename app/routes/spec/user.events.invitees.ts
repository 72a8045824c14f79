import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { inviteFromForm, requireInvitingOrganiser } from "~/routes/events/invite.server";

/** SPEC.md §7: POST /user/events/invitees {event_id, member_id[], ticket_type} invites members
 * to the organiser's event; answers type and alert. The dialog is /user/events/{id}/invite. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ type: "error", alert: "Invite members with POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const { member, event } = await requireInvitingOrganiser(request, form.get("event_id"));
  const outcome = await inviteFromForm(request, member, event, form);
  if (!outcome.ok) {
    return json({ type: "error", alert: Object.values(outcome.errors).flat().join(" ") }, { status: 400 });
  }
  return json({ type: outcome.invited ? "success" : "info", alert: outcome.message, invited: outcome.invited });
}
