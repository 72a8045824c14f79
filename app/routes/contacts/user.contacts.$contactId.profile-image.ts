import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { contactEditPath, replaceContactPhoto } from "~/features/contacts/contact-photo.server";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound, uploadRefused } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload } from "~/lib/uploads.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  return redirect(contactEditPath(contact.id, request));
}

/** Uploads or replaces the contact's profile image (multipart: file), behind the edit dialog's
 * image control: JSON with JS, PRG without. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const to = contactEditPath(contact.id, request);
  const result = await receiveUpload(request, { kind: "contact_profile_image", ownerId: member.id });
  if (!result.ok) return uploadRefused(request, result.error, to);
  const file = await replaceContactPhoto(member.id, contact.id, result.file!);
  return respond(request, { type: "success", message: `Profile image of ${contact.name} saved.` }, { to, data: { file } });
}
