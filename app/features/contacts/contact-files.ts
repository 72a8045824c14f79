import type { ContactFileKind } from "~/lib/db-schema";

// Shared by the server and the dialogs (no server code here).

const PATH: Record<ContactFileKind, string> = { video: "videos", document: "documents" };

/** The videos or documents dialog's address: where uploads and deletions return. */
export function contactFilesPath(contactId: number, kind: ContactFileKind) {
  return `/user/contacts/${contactId}/${PATH[kind]}`;
}

/** What a contact's dialogs upload with JavaScript, each to its own address. */
export const CONTACT_UPLOADS = ["business-cards", "videos", "documents"] as const;
export type ContactUpload = (typeof CONTACT_UPLOADS)[number];

/** Where a contact's dialog sends an upload with JavaScript: a route with no page, answering
 * JSON (app/routes/contacts/user.contacts.$contactId.uploads.$upload.ts). */
export function contactUploadPath(contactId: number, upload: ContactUpload) {
  return `/user/contacts/${contactId}/uploads/${upload}`;
}
