import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { backTo, requireFound } from "~/lib/http.server";
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
  const contact = await requireFound(formData.get("contact_id"), (id) => getContact(member.id, id));
  const params = new URLSearchParams({ back: backTo(request, `/user/profile?cicid=${contact.id}`, formData.get("back")) });
  const email = String(formData.get("contact_email") ?? "").trim().slice(0, 254);
  const name = String(formData.get("contact_name") ?? "").trim().slice(0, 120);
  if (email) params.set("email", email);
  if (name) params.set("name", name);
  return redirect(`/user/contacts/${contact.id}/invite?${params}`);
}
