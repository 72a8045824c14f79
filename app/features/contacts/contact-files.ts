import type { ContactFileKind } from "~/lib/db-schema";

// Shared by the server and the dialogs (no server code here).

const PATH: Record<ContactFileKind, string> = { video: "videos", document: "documents" };

/** The videos or documents dialog's address: where uploads and deletions return. */
export function contactFilesPath(contactId: number, kind: ContactFileKind) {
  return `/user/contacts/${contactId}/${PATH[kind]}`;
}
