import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { deliverInvitation, parseInvite } from "~/features/invitations/invite.server";
import { invitationOf } from "~/features/invitations/invitations.server";
import { backTo, requireFound } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { requireMember } from "~/lib/session.server";
import { answerDelivery } from "~/routes/contacts/invitation-answer.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7: POST /user/invite, the invite form's fields or just {contact_id} (then the
 * contact's e-mail and name, or those of its earlier invitation) → type, message, html. The
 * dialog (/user/contacts/{id}/invite) is the form members use; this is its plain endpoint. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const formData = await request.formData();
  const contact = await requireFound(formData.get("contact_id"), (id) => getContact(member.id, id));
  if (!formData.has("email")) {
    const earlier = await invitationOf(member.id, contact.id);
    formData.set("email", earlier.email ?? contact.email ?? "");
    formData.set("name", earlier.name ?? contact.name);
    if (earlier.message) formData.set("message", earlier.message);
  }
  const submission = await parseInvite(formData, member.id, contact.id);
  if (submission.status !== "success") {
    const result = submission.reply();
    const first = Object.values(result.error ?? {}).flat().find(Boolean) ?? "Please check the invitation.";
    return json({ type: "error", message: first, result }, { status: 400 });
  }
  const delivery = await deliverInvitation(member, contact, submission.value, await publicOrigin(request));
  return answerDelivery(request, delivery, backTo(request, `/user/profile?cicid=${contact.id}`, formData.get("back")));
}
