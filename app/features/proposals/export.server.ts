import { db } from "~/lib/db.server";

/**
 * All of a member's own proposal data, for the account's data export: their entrepreneur and
 * investor entries (deleted ones too, marked), the connections they are part of, and each
 * connection's deal trail with the exact terms agreed to.
 */
export async function proposalDataOf(memberId: number) {
  const [entrepreneurEntries, investorEntries, connections] = await Promise.all([
    db.selectFrom("entrepreneur_entries").selectAll().where("member_id", "=", memberId).orderBy("id").execute(),
    db.selectFrom("investor_entries").selectAll().where("member_id", "=", memberId).orderBy("id").execute(),
    db
      .selectFrom("proposal_connections")
      .selectAll()
      .where((eb) => eb.or([eb("entrepreneur_member_id", "=", memberId), eb("investor_member_id", "=", memberId)]))
      .orderBy("id")
      .execute(),
  ]);
  const documents = entrepreneurEntries.length
    ? await db
        .selectFrom("entrepreneur_documents")
        .innerJoin("files", "files.id", "entrepreneur_documents.file_id")
        .select(["entrepreneur_documents.entrepreneur_id", "files.original_name", "files.media_type", "files.size", "entrepreneur_documents.created_at"])
        .where(
          "entrepreneur_documents.entrepreneur_id",
          "in",
          entrepreneurEntries.map((entry) => entry.id),
        )
        .execute()
    : [];
  const trail = connections.length
    ? await db
        .selectFrom("connection_events")
        .select(["connection_id", "member_id", "action", "message", "terms_text", "terms_hash", "created_at"])
        .where(
          "connection_id",
          "in",
          connections.map((connection) => connection.id),
        )
        .orderBy("id")
        .execute()
    : [];
  return {
    entrepreneurEntries: entrepreneurEntries.map((entry) => ({ ...entry, documents: documents.filter((document) => document.entrepreneur_id === entry.id) })),
    investorEntries,
    connections: connections.map((connection) => ({ ...connection, trail: trail.filter((step) => step.connection_id === connection.id) })),
  };
}
