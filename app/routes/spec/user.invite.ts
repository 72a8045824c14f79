import type { ActionFunctionArgs } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { invitationOf } from "~/features/invitations/invitations.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { action as inviteDialog } from "~/routes/contacts/user.contacts.$contactId.invite";
import { forwardedRequest, refusalAsNotification } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7: POST /user/invite, the invite form's fields or just {contact_id} (then the
 * contact's e-mail and name, or those of its earlier invitation) → type, message, html: the
 * invite dialog's action (/user/contacts/{id}/invite), which members use. */
export async function action(args: ActionFunctionArgs) {
  const member = await requireMember(args.request);
  const form = await args.request.formData();
  const contact = await requireFound(form.get("contact_id"), (id) => getContact(member.id, id));
  if (!form.has("email")) {
    const earlier = await invitationOf(member.id, contact.id);
    form.set("email", earlier.email ?? contact.email ?? "");
    form.set("name", earlier.name ?? contact.name);
    if (earlier.message) form.set("message", earlier.message);
  }
  // This address only sends; the dialog's other button removes its image.
  form.delete("intent");
  const answer = await inviteDialog({
    ...args,
    request: forwardedRequest(args.request, form, { back: form.get("back") }),
    params: { contactId: String(contact.id) },
  });
  return refusalAsNotification(answer, { keepResult: true });
}
