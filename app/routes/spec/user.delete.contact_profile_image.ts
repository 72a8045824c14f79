import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { contactEditPath, removeContactPhoto } from "~/features/contacts/contact-photo.server";
import { getContact, parseContactId } from "~/features/contacts/contacts.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts");
}

/** SPEC.md §7 delete/contact_profile_image (contact_id) → type, message. 404 when the contact
 * is not the member's or has no image. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const id = parseContactId(String(form.get("contact_id") ?? ""));
  const contact = id ? await getContact(member.id, id) : null;
  if (!contact || !(await removeContactPhoto(member.id, contact.id))) throw new Response("Not found", { status: 404 });
  return respond(request, { type: "success", message: `The profile image of ${contact.name} is deleted.` }, { to: contactEditPath(contact.id) });
}
