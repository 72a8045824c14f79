import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { inviteFromForm } from "~/features/tickets/invite-call.server";
import { organisedEvent, parseEventId } from "~/features/tickets/tickets.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: POST /user/events/invitees {event_id, member_id[], ticket_type} invites members
 * to the organiser's event; answers type and alert. The dialog is /user/events/{id}/invite. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ type: "error", alert: "Invite members with POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const event = await organisedEvent(member.id, parseEventId(String(form.get("event_id") ?? "")));
  if (!event) throw new Response("Not found", { status: 404 });
  const outcome = await inviteFromForm(request, member, event, form);
  if (!outcome.ok) {
    return json({ type: "error", alert: Object.values(outcome.errors).flat().join(" ") }, { status: 400 });
  }
  return json({ type: outcome.invited ? "success" : "info", alert: outcome.message, invited: outcome.invited });
}
