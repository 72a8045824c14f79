import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { businessCardsPath } from "~/features/contacts/business-cards";
import { CONTACT_UPLOADS, type ContactUpload, contactFilesPath } from "~/features/contacts/contact-files";
import { getContact } from "~/features/contacts/contacts.server";
import { notFound, requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { uploadBusinessCard, uploadContactFile } from "./contact-uploads.server";

/**
 * A contact's business card, video or document as its dialog sends it with JavaScript (the
 * upload control shows its progress, so it posts itself and reads the answer as JSON): the
 * dialog's own handler, from a route with no page. Without JavaScript the form posts to the
 * dialog, which answers with Post/Redirect/Get.
 */
const UPLOADS: Record<
  ContactUpload,
  { dialog: (contactId: number) => string; upload: (request: Request, contactId: string | undefined) => Promise<Response> }
> = {
  "business-cards": { dialog: businessCardsPath, upload: uploadBusinessCard },
  videos: { dialog: (id) => contactFilesPath(id, "video"), upload: (request, id) => uploadContactFile(request, id, "video") },
  documents: { dialog: (id) => contactFilesPath(id, "document"), upload: (request, id) => uploadContactFile(request, id, "document") },
};

function uploadOf(param: string | undefined) {
  if (!CONTACT_UPLOADS.includes(param as ContactUpload)) notFound();
  return UPLOADS[param as ContactUpload];
}

/** Only posted to: a visit goes to the dialog. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const upload = uploadOf(params.upload);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  return redirect(upload.dialog(contact.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireMember(request);
  return uploadOf(params.upload).upload(request, params.contactId);
}
