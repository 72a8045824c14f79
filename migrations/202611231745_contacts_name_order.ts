import { type Kysely, sql } from "kysely";

// The contact list is sorted by lower(name), id (contacts.server.ts): an index on that
// expression lets a page of a 10,000-contact book be read in order instead of sorting the
// whole book on every request.
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("contacts_owner_lower_name")
    .on("contacts")
    .expression(sql`owner_id, lower(name), id`)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("contacts_owner_lower_name").execute();
}
