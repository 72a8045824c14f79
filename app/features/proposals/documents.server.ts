import type { Kysely } from "kysely";
import type { DB } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { isCounterpartOf } from "./connections.server";

/** An entrepreneur entry's documents are its owner's, and the counterpart's of a pending or
 * accepted connection on it: nobody else's. */
export async function maySeeDocuments(memberId: number, entry: { id: number; member_id: number }) {
  return entry.member_id === memberId || isCounterpartOf(memberId, entry.id);
}

/** The files route's rule for a proposal_document file (features/files/access.server.ts). */
export async function canSeeProposalDocument(fileId: number, memberId: number) {
  const row = await db
    .selectFrom("entrepreneur_documents")
    .innerJoin("entrepreneur_entries", "entrepreneur_entries.id", "entrepreneur_documents.entrepreneur_id")
    .select(["entrepreneur_entries.id", "entrepreneur_entries.member_id"])
    .where("entrepreneur_documents.file_id", "=", fileId)
    .where("entrepreneur_entries.deleted_at", "is", null)
    .executeTakeFirst();
  return row ? maySeeDocuments(memberId, row) : false;
}

export async function addDocument(entrepreneurId: number, fileId: number) {
  await db.insertInto("entrepreneur_documents").values({ entrepreneur_id: entrepreneurId, file_id: fileId, created_at: nowIso() }).execute();
}

/** The documents of an entry, for a member who may see them (an empty list otherwise). */
export async function documentsFor(memberId: number, entry: { id: number; member_id: number }) {
  if (!(await maySeeDocuments(memberId, entry))) return [];
  const rows = await db
    .selectFrom("entrepreneur_documents")
    .innerJoin("files", "files.id", "entrepreneur_documents.file_id")
    .select(["entrepreneur_documents.id", "files.original_name as name", "files.token"])
    .where("entrepreneur_documents.entrepreneur_id", "=", entry.id)
    .orderBy("entrepreneur_documents.id")
    .execute();
  return rows.map(({ token, ...row }) => ({ ...row, url: fileUrl(token) }));
}

/** The owner removes one document of their entry; false when it is not theirs. */
export async function deleteDocument(memberId: number, entrepreneurId: number, documentId: number) {
  const row = await db
    .selectFrom("entrepreneur_documents")
    .innerJoin("entrepreneur_entries", "entrepreneur_entries.id", "entrepreneur_documents.entrepreneur_id")
    .select(["entrepreneur_documents.file_id"])
    .where("entrepreneur_documents.id", "=", documentId)
    .where("entrepreneur_documents.entrepreneur_id", "=", entrepreneurId)
    .where("entrepreneur_entries.member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) return false;
  await deleteFile(row.file_id);
  return true;
}

/** Inside the transaction deleting an entry: its documents' file rows (the documents go with
 * them); returns the stored files to remove once it has committed. */
export async function deleteDocumentRowsOf(trx: Kysely<DB>, entrepreneurId: number) {
  const files = await trx
    .selectFrom("files")
    .innerJoin("entrepreneur_documents", "entrepreneur_documents.file_id", "files.id")
    .select(["files.id", "files.storage_key", "files.thumbnail_key", "files.media_type"])
    .where("entrepreneur_documents.entrepreneur_id", "=", entrepreneurId)
    .execute();
  if (files.length)
    await trx
      .deleteFrom("files")
      .where(
        "id",
        "in",
        files.map((file) => file.id),
      )
      .execute();
  return files;
}
