import { json } from "@remix-run/node";
import { sql } from "kysely";
import type { ContactFileKind } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { acceptAttribute, type UploadKind } from "~/lib/file-types";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload, uploadErrorMessage, uploadLimit } from "~/lib/uploads.server";
import { contactFilesPath } from "./contact-files";
import { getContact, parseContactId, requireOwnContact } from "./contacts.server";

// A contact's videos and documents (SPEC.md §2 video list dialog and document modal, §4, §7
// video_frame and documents): uploaded files linked to the contact by contact_files.

export const UPLOAD_KIND: Record<ContactFileKind, UploadKind> = { video: "contact_video", document: "contact_document" };
const WORD: Record<ContactFileKind, string> = { video: "video", document: "document" };
export { contactFilesPath };

/** The signed-in member and their contact `param`; 404 for anything else. */
function filesQuery(contactId: number, kind: ContactFileKind) {
  return db
    .selectFrom("contact_files")
    .innerJoin("files", "files.id", "contact_files.file_id")
    .where("contact_files.contact_id", "=", contactId)
    .where("contact_files.kind", "=", kind)
    .select([
      "contact_files.id",
      "contact_files.file_id",
      "contact_files.created_at",
      "files.token",
      "files.original_name",
      "files.media_type",
      "files.size",
      "files.thumbnail_key",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof filesQuery>["executeTakeFirstOrThrow"]>>;

function present(row: Row) {
  return {
    id: row.id,
    name: row.original_name,
    mediaType: row.media_type,
    size: row.size,
    createdAt: row.created_at,
    url: fileUrl(row.token),
    thumbnailUrl: row.thumbnail_key ? fileUrl(row.token, "thumbnail") : null,
  };
}

export type ContactFile = ReturnType<typeof present>;

/** The contact's videos or documents, newest first. The caller has checked the contact. */
export async function listContactFiles(contactId: number, kind: ContactFileKind) {
  const rows = await filesQuery(contactId, kind).orderBy("contact_files.created_at", "desc").orderBy("contact_files.id", "desc").execute();
  return rows.map(present);
}

/** One of the contact's videos or documents by its id (SPEC.md's video_id), or null. */
export async function getContactFile(contactId: number, kind: ContactFileKind, param: string | undefined) {
  const id = parseContactId(param);
  if (!id) return null;
  const row = await filesQuery(contactId, kind).where("contact_files.id", "=", id).executeTakeFirst();
  return row ? { ...present(row), fileId: row.file_id } : null;
}

export async function contactFileCounts(contactId: number) {
  const rows = await db
    .selectFrom("contact_files")
    .select(["kind", sql<number>`count(*)`.as("total")])
    .where("contact_id", "=", contactId)
    .groupBy("kind")
    .execute();
  const counts = { videos: 0, documents: 0 };
  for (const row of rows) counts[row.kind === "video" ? "videos" : "documents"] = Number(row.total);
  return counts;
}

/** Deletes the link, the file's row and its bytes (original and thumbnail). */
export async function removeContactFile(fileId: number) {
  await db.deleteFrom("contact_files").where("file_id", "=", fileId).execute();
  await deleteFile(fileId);
}

/** Every file id of the contact's videos and documents (for deleting the contact). */
export async function contactFileIds(contactId: number) {
  const rows = await db.selectFrom("contact_files").select("file_id").where("contact_id", "=", contactId).execute();
  return rows.map((row) => row.file_id);
}

/** What the dialog needs to show its upload control. */
export function uploadSettings(kind: ContactFileKind) {
  const uploadKind = UPLOAD_KIND[kind];
  return {
    accept: acceptAttribute(uploadKind),
    maxBytes: uploadLimit(uploadKind, kind === "video" ? "video" : "document"),
  };
}

/**
 * Receives an upload for one of the member's contacts, named by the route's param or, when
 * `param` is null (SPEC.md's addresses that send contact_id in the multipart form), by the
 * form's contact_id: that is known only once the form is read, so then a file for a contact
 * that is not the member's is dropped and 404 answered.
 */
export async function receiveContactUpload(request: Request, param: string | undefined | null, kind: UploadKind) {
  if (param !== null) {
    const { member, contact } = await requireOwnContact(request, param);
    return { member, contact, result: await receiveUpload(request, { kind, ownerId: member.id }) };
  }
  const member = await requireMember(request);
  const result = await receiveUpload(request, { kind, ownerId: member.id });
  if (!result.ok && !result.fields) {
    // Refused before the form could be read: there is no contact to go back to.
    const { name, message } = result.error;
    throw json({ type: "error", message: uploadErrorMessage(result.error), name, error: message }, { status: 400 });
  }
  const id = parseContactId(String(result.fields?.get("contact_id") ?? ""));
  const contact = id ? await getContact(member.id, id) : null;
  if (!contact) {
    if (result.ok && result.file) await deleteFile(result.file.id);
    throw new Response("Not found", { status: 404 });
  }
  return { member, contact, result };
}

/** The upload action of the videos and documents dialogs (SPEC.md's simple_upload_video_frame):
 * JSON for XMLHttpRequest, a redirect with the notification without JavaScript. `param` null:
 * the contact is the form's contact_id. */
export async function uploadContactFile(request: Request, param: string | undefined | null, kind: ContactFileKind) {
  const { contact, result } = await receiveContactUpload(request, param, UPLOAD_KIND[kind]);
  const to = contactFilesPath(contact.id, kind);
  if (!result.ok) {
    return respond(
      request,
      { type: "error", message: uploadErrorMessage(result.error) },
      { to, status: 400, data: { name: result.error.name, error: result.error.message } },
    );
  }
  const file = result.file!;
  const { id } = await db
    .insertInto("contact_files")
    .values({ contact_id: contact.id, file_id: file.id, kind, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return respond(
    request,
    { type: "success", message: `The ${WORD[kind]} ${file.original_name} is saved.` },
    { to, data: { file: { id, name: file.original_name, file_type: file.media_type, url: fileUrl(file.token) } } },
  );
}
