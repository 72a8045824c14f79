import { db, nowIso } from "~/lib/db.server";
import { removeStored } from "~/lib/files.server";
import { closeConnectionsOf, mailNotifications } from "./connections.server";
import type { Side } from "./constants";
import { deleteDocumentRowsOf } from "./documents.server";
import { getOwnEntry } from "./entries.server";

/**
 * Deletes the owner's entry: it leaves the lists, its documents are deleted, and its pending
 * and accepted connections are closed with both members told (the rows stay, so that each
 * connection and its deal trail can still be read). All of it is one transaction; the stored
 * files and the e-mails go once it has committed. Null when it is not theirs.
 */
export async function deleteEntry(side: Side, memberId: number, id: number) {
  const outcome = await db.transaction().execute(async (trx) => {
    const entry = await getOwnEntry(side, memberId, id, trx);
    if (!entry) return null;
    const table = side === "entrepreneur" ? "entrepreneur_entries" : "investor_entries";
    const result = await trx
      .updateTable(table)
      .set({ deleted_at: nowIso() })
      .where("id", "=", id)
      .where("member_id", "=", memberId)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    const files = side === "entrepreneur" ? await deleteDocumentRowsOf(trx, id) : [];
    return { files, ...(await closeConnectionsOf(trx, side, id, memberId)) };
  });
  if (!outcome) return null;
  for (const file of outcome.files) await removeStored(file);
  await mailNotifications(outcome.notifications);
  return { closed: outcome.closed };
}
