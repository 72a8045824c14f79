import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getContact, parseContactId } from "~/features/contacts/contacts.server";
import { inviteBack } from "~/features/invitations/invite.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7: POST /user/invite_about {contact_id, contact_name, contact_email}: opens the
 * invite form for that contact, prefilled with the name and e-mail given. Nothing is sent. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const formData = await request.formData();
  const id = parseContactId(String(formData.get("contact_id") ?? ""));
  const contact = id ? await getContact(member.id, id) : null;
  if (!contact) throw new Response("Not found", { status: 404 });
  const params = new URLSearchParams({ back: inviteBack(request, contact.id, formData.get("back")) });
  const email = String(formData.get("contact_email") ?? "").trim().slice(0, 254);
  const name = String(formData.get("contact_name") ?? "").trim().slice(0, 120);
  if (email) params.set("email", email);
  if (name) params.set("name", name);
  return redirect(`/user/contacts/${contact.id}/invite?${params}`);
}
