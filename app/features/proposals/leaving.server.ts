import type { Transaction } from "kysely";
import type { DB } from "~/lib/db-schema";
import { nowIso } from "~/lib/db.server";
import { connectionPath } from "./constants";

export type ClosedOnLeaving = { memberId: number; linkPath: string; message: string };

/**
 * A member deleting their account, inside that transaction: their entries leave the lists, their
 * open connections are closed with a line in each trail, and entries, connections and trail
 * pass to the "former member" account, so that the other side keeps every connection and what
 * was agreed on it. Returns whom to tell once the transaction has committed.
 */
export async function handProposalsOver(trx: Transaction<DB>, memberId: number, formerId: number): Promise<ClosedOnLeaving[]> {
  const now = nowIso();
  const open = await trx
    .selectFrom("proposal_connections")
    .select(["id", "entrepreneur_member_id", "investor_member_id"])
    .where((eb) => eb.or([eb("entrepreneur_member_id", "=", memberId), eb("investor_member_id", "=", memberId)]))
    .where("status", "in", ["pending", "accepted"])
    .execute();
  const message = "The other member deleted their account: the connection is closed.";
  for (const connection of open) {
    await trx.updateTable("proposal_connections").set({ status: "closed", updated_at: now }).where("id", "=", connection.id).execute();
    await trx
      .insertInto("connection_events")
      .values({ connection_id: connection.id, member_id: memberId, action: "close", message, created_at: now })
      .execute();
  }
  await trx.updateTable("proposal_connections").set({ entrepreneur_member_id: formerId }).where("entrepreneur_member_id", "=", memberId).execute();
  await trx.updateTable("proposal_connections").set({ investor_member_id: formerId }).where("investor_member_id", "=", memberId).execute();
  await trx.updateTable("connection_events").set({ member_id: formerId }).where("member_id", "=", memberId).execute();
  for (const table of ["entrepreneur_entries", "investor_entries"] as const) {
    await trx.updateTable(table).set({ deleted_at: now }).where("member_id", "=", memberId).where("deleted_at", "is", null).execute();
    await trx.updateTable(table).set({ member_id: formerId }).where("member_id", "=", memberId).execute();
  }
  return open.map((connection) => ({
    memberId: connection.entrepreneur_member_id === memberId ? connection.investor_member_id : connection.entrepreneur_member_id,
    linkPath: connectionPath(connection.id),
    message,
  }));
}
