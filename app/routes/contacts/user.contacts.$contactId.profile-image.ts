import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { contactEditPath, uploadContactPhoto } from "~/features/contacts/contact-photo.server";
import { requireOwnContact } from "~/features/contacts/contacts.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { contact } = await requireOwnContact(request, params.contactId);
  return redirect(contactEditPath(contact.id));
}

/** Uploads or replaces the contact's profile image (multipart: file). */
export async function action({ request, params }: ActionFunctionArgs) {
  return uploadContactPhoto(request, params.contactId);
}
