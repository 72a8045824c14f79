import { PostgresAdapter, sql } from "kysely";
import { expect, test } from "vitest";
import { db } from "~/lib/db.server";

// The list's order (lower(name), id; contacts.server.ts listContacts) is read from an index, so
// that a page of a large book needs no sort of the whole book.
test("the contact list's name order has an index of its own", async () => {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'contacts_owner_lower_name'`.execute(db);
    expect(rows[0]?.indexdef).toMatch(/\(owner_id, lower\(name\), id\)/);
    return;
  }
  const { rows } = await sql<{ detail: string }>`
    explain query plan
    select contacts.id from contacts left join files on files.id = contacts.profile_image_id
    where contacts.owner_id = ${1} order by lower(contacts.name), contacts.id limit 24`.execute(db);
  const plan = rows.map((row) => row.detail).join(" | ");
  expect(plan).toContain("contacts_owner_lower_name");
  expect(plan).not.toContain("TEMP B-TREE");
});
