import { db, nowIso } from "~/lib/db.server";
import { closeConnectionsOf } from "./connections.server";
import type { Side } from "./constants";
import { deleteDocumentsOf } from "./documents.server";
import { getOwnEntry } from "./entries.server";

/**
 * Deletes the owner's entry: it leaves the lists, its documents are deleted, and its pending
 * and accepted connections are closed with both members told (the rows stay, so that each
 * connection and its deal trail can still be read). Null when it is not theirs.
 */
export async function deleteEntry(side: Side, memberId: number, id: number) {
  const entry = await getOwnEntry(side, memberId, id);
  if (!entry) return null;
  const table = side === "entrepreneur" ? "entrepreneur_entries" : "investor_entries";
  const result = await db
    .updateTable(table)
    .set({ deleted_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  if (side === "entrepreneur") await deleteDocumentsOf(id);
  const closed = await closeConnectionsOf(side, id, memberId);
  return { closed };
}
