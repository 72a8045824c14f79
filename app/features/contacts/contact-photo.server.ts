import { db } from "~/lib/db.server";
import { acceptAttribute } from "~/lib/file-types";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { respond } from "~/lib/respond.server";
import { receiveUpload, uploadErrorMessage, uploadLimit } from "~/lib/uploads.server";
import { requireOwnContact } from "./contacts.server";

// A contact's own profile image (SPEC.md §3, §7 delete/contact_profile_image): shown in the
// grid and on the profile, its owner's alone (kind contact_profile_image, 2,000,000 bytes).

export function contactEditPath(contactId: number) {
  return `/user/contacts/edit/${contactId}`;
}

export function contactPhotoUploadSettings() {
  return { accept: acceptAttribute("contact_profile_image"), maxBytes: uploadLimit("contact_profile_image", "image") };
}

/** Points the contact at `fileId` (or at nothing); the image it replaces is deleted. */
async function setContactPhoto(ownerId: number, contactId: number, fileId: number | null) {
  const before = await db
    .selectFrom("contacts")
    .select("profile_image_id")
    .where("owner_id", "=", ownerId)
    .where("id", "=", contactId)
    .executeTakeFirst();
  await db.updateTable("contacts").set({ profile_image_id: fileId }).where("owner_id", "=", ownerId).where("id", "=", contactId).execute();
  const previous = before?.profile_image_id;
  if (previous && previous !== fileId) await deleteFile(previous);
  return Boolean(previous);
}

/** The upload action behind the edit dialog's image control: JSON with JS, PRG without. */
export async function uploadContactPhoto(request: Request, param: string | undefined) {
  const { member, contact } = await requireOwnContact(request, param);
  const to = contactEditPath(contact.id);
  const result = await receiveUpload(request, { kind: "contact_profile_image", ownerId: member.id });
  if (!result.ok) {
    return respond(
      request,
      { type: "error", message: uploadErrorMessage(result.error) },
      { to, status: 400, data: { name: result.error.name, error: result.error.message } },
    );
  }
  const file = result.file!;
  await setContactPhoto(member.id, contact.id, file.id);
  return respond(
    request,
    { type: "success", message: `The profile image of ${contact.name} is saved.` },
    { to, data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } } },
  );
}

/** false when the contact had no image. */
export function removeContactPhoto(ownerId: number, contactId: number) {
  return setContactPhoto(ownerId, contactId, null);
}
