import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { redeliverInvitation } from "~/features/invitations/invite.server";
import { backTo, requireFound } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { requireMember } from "~/lib/session.server";
import { answerDelivery } from "~/routes/contacts/invitation-answer.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7: POST /user/reinvite {contact_id}: the invitation again, with a new link (the
 * old one stops working), counted. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const formData = await request.formData();
  const contact = await requireFound(formData.get("contact_id"), (id) => getContact(member.id, id));
  const to = formData.has("back") ? backTo(request, `/user/profile?cicid=${contact.id}`, formData.get("back")) : undefined;
  return answerDelivery(request, await redeliverInvitation(member, contact, await publicOrigin(request)), to);
}
