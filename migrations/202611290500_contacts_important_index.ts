import type { Kysely } from "kysely";

/**
 * "Only important" with a meet place or business search: the page and its count read every
 * entry of `(owner_id, search_place, is_important)` for the member (10,000 for a book of
 * 10,000, ~0.5 ms each) to keep the one in ten that is important. With the mark second, the
 * database seeks the member's important contacts and compares the searches on those alone.
 */
export async function up(db: Kysely<any>) {
  await db.schema.createIndex("contacts_owner_important").on("contacts").columns(["owner_id", "is_important", "search_place", "search_business"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("contacts_owner_important").execute();
}
