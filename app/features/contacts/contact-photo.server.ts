import { db } from "~/lib/db.server";
import { backTo } from "~/lib/http.server";
import { acceptAttribute } from "~/lib/file-types";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { type StoredFile, uploadLimit } from "~/lib/uploads.server";

// A contact's own profile image (SPEC.md §3, §7 delete/contact_profile_image): shown in the
// grid and on the profile, its owner's alone (kind contact_profile_image, 2,000,000 bytes).

/** The edit dialog, with the `?back=` it was opened with (where closing it goes). */
export function contactEditPath(contactId: number, request: Request) {
  const back = backTo(request, "");
  return `/user/contacts/edit/${contactId}${back ? `?back=${encodeURIComponent(back)}` : ""}`;
}

export function contactPhotoUploadSettings() {
  return { accept: acceptAttribute("contact_profile_image"), maxBytes: uploadLimit("contact_profile_image", "image") };
}

/** Points the contact at `fileId` (or at nothing); the image it replaces is deleted. */
async function setContactPhoto(ownerId: number, contactId: number, fileId: number | null) {
  const before = await db.selectFrom("contacts").select("profile_image_id").where("owner_id", "=", ownerId).where("id", "=", contactId).executeTakeFirst();
  await db.updateTable("contacts").set({ profile_image_id: fileId }).where("owner_id", "=", ownerId).where("id", "=", contactId).execute();
  const previous = before?.profile_image_id;
  if (previous && previous !== fileId) await deleteFile(previous);
  return Boolean(previous);
}

/** Makes an uploaded image the contact's profile image (the one before is deleted); what the
 * edit dialog's image control shows of it. */
export async function replaceContactPhoto(ownerId: number, contactId: number, file: StoredFile) {
  await setContactPhoto(ownerId, contactId, file.id);
  return { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) };
}

/** false when the contact had no image. */
export function removeContactPhoto(ownerId: number, contactId: number) {
  return setContactPhoto(ownerId, contactId, null);
}
