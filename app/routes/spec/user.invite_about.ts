import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { InviteAboutSchema } from "~/features/invitations/schema";
import { backTo, requireFound, requireValid } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7: POST /user/invite_about {contact_id, contact_name, contact_email}: opens the
 * invite form for that contact, prefilled with the name and e-mail given. Nothing is sent. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = requireValid(await request.formData(), InviteAboutSchema);
  const contact = await requireFound(form.contact_id, (id) => getContact(member.id, id));
  const params = new URLSearchParams({ back: backTo(request, `/user/profile?cicid=${contact.id}`, form.back) });
  if (form.contact_email) params.set("email", form.contact_email);
  if (form.contact_name) params.set("name", form.contact_name);
  return redirect(`/user/contacts/${contact.id}/invite?${params}`);
}
