import { json } from "@remix-run/node";
import { addBusinessCard, businessCardsPath } from "~/features/contacts/business-cards.server";
import { addContactFile, contactFilesPath, UPLOAD_KIND } from "~/features/contacts/contact-files.server";
import { getContact } from "~/features/contacts/contacts.server";
import type { ContactFileKind } from "~/lib/db-schema";
import { deleteFile } from "~/lib/files.server";
import type { UploadKind } from "~/lib/file-types";
import { notFound, parseId, requireFound, uploadRefused } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload, uploadErrorMessage } from "~/lib/uploads.server";

// The uploads onto a contact, shared by the contact's dialogs (the contact in the path) and
// SPEC.md §7's upload addresses (the contact as the multipart form's contact_id).

/**
 * Receives an upload for one of the member's contacts, named by the route's param or, when
 * `param` is null, by the form's contact_id: that is known only once the form is read, so then
 * a file for a contact that is not the member's is dropped and 404 answered.
 */
async function receiveContactUpload(request: Request, param: string | undefined | null, kind: UploadKind) {
  const member = await requireMember(request);
  if (param !== null) {
    const contact = await requireFound(param, (id) => getContact(member.id, id));
    return { contact, result: await receiveUpload(request, { kind, ownerId: member.id }) };
  }
  const result = await receiveUpload(request, { kind, ownerId: member.id });
  if (!result.ok && !result.fields) {
    // Refused before the form could be read: there is no contact to go back to.
    const { name, message } = result.error;
    throw json({ type: "error", message: uploadErrorMessage(result.error), name, error: message }, { status: 400 });
  }
  const id = parseId(result.fields?.get("contact_id"));
  const contact = id === null ? null : await getContact(member.id, id);
  if (!contact) {
    if (result.ok && result.file) await deleteFile(result.file.id);
    notFound();
  }
  return { contact, result };
}

/** The upload action of the videos and documents dialogs (SPEC.md's simple_upload_video_frame):
 * JSON for XMLHttpRequest, a redirect with the notification without JavaScript. `param` null:
 * the contact is the form's contact_id. */
export async function uploadContactFile(request: Request, param: string | undefined | null, kind: ContactFileKind) {
  const { contact, result } = await receiveContactUpload(request, param, UPLOAD_KIND[kind]);
  const to = contactFilesPath(contact.id, kind);
  if (!result.ok) return uploadRefused(request, result.error, to);
  const file = await addContactFile(contact.id, kind, result.file!);
  return respond(request, { type: "success", message: `${kind === "video" ? "Video" : "Document"} ${file.name} saved.` }, { to, data: { file } });
}

/**
 * The upload action of the business cards dialog (SPEC.md's simple_upload_business_card): the
 * image and, from the crop dialog, scaled[x, y, width, height]. `param` null: the contact is the
 * form's contact_id. A refused rectangle answers 400 with the reason, and nothing is kept.
 */
export async function uploadBusinessCard(request: Request, param: string | undefined | null) {
  const { contact, result } = await receiveContactUpload(request, param, "business_card");
  const to = businessCardsPath(contact.id);
  if (!result.ok) return uploadRefused(request, result.error, to);
  const card = await addBusinessCard(contact.id, result.file!, result.fields, result.source);
  if (!card.ok) return uploadRefused(request, card, to);
  return respond(request, { type: "success", message: `Business card ${result.file!.original_name} saved.` }, { to, data: { file: card.file } });
}
