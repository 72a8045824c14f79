import { sql } from "kysely";
import type { ContactFileKind } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { acceptAttribute, type UploadKind } from "~/lib/file-types";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { type StoredFile, uploadLimit } from "~/lib/uploads.server";
import { contactFilesPath } from "./contact-files";

// A contact's videos and documents (SPEC.md §2 video list dialog and document modal, §4, §7
// video_frame and documents): uploaded files linked to the contact by contact_files.

export const UPLOAD_KIND: Record<ContactFileKind, UploadKind> = { video: "contact_video", document: "contact_document" };
export { contactFilesPath };

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
export async function getContactFile(contactId: number, kind: ContactFileKind, id: number) {
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

/** Links an uploaded file to the contact as one of its videos or documents; what the upload
 * control shows of it. The caller has checked the contact. */
export async function addContactFile(contactId: number, kind: ContactFileKind, file: StoredFile) {
  const { id } = await db
    .insertInto("contact_files")
    .values({ contact_id: contactId, file_id: file.id, kind, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, name: file.original_name, file_type: file.media_type, url: fileUrl(file.token) };
}
