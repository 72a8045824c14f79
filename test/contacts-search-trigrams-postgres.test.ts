import { PostgresAdapter, sql } from "kysely";
import { afterEach, expect, test, vi } from "vitest";
import { createContact, listContacts } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { up } from "../migrations/202611291100_contacts_search_trigrams_postgres";
import { createSignedInMember } from "./helpers";

// On PostgreSQL the contact searches' `like` is answered from pg_trgm's GIN indexes of the
// search columns (migrations/202611291100_contacts_search_trigrams_postgres.ts); SQLite has
// its own trigram index (contacts-search-index.test.ts).
const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
const COLUMNS = ["search_text", "search_place", "search_business"];

afterEach(() => vi.restoreAllMocks());

test("each search column has a trigram index, which a search of three letters or more can read (PostgreSQL)", async () => {
  if (!postgres) return;
  const { rows: indexes } = await sql<{
    indexname: string;
    indexdef: string;
  }>`select indexname, indexdef from pg_indexes where indexname like 'contacts_%_trigrams' order by indexname`.execute(db);
  expect(indexes.map((row) => row.indexname)).toEqual(COLUMNS.map((column) => `contacts_${column}_trigrams`).sort());
  for (const { indexdef } of indexes) expect(indexdef).toMatch(/USING gin \(search_\w+ gin_trgm_ops\)/);

  const member = await createSignedInMember();
  await createContact(member.id, {
    email: null,
    phone: null,
    country: null,
    province: null,
    city: "Lagos",
    occupation: null,
    meet_place: "Golf club",
    name: "Ngozi Okafor",
  });
  expect((await listContacts(member.id, { q: "OKAFOR" })).contacts.map((contact) => contact.name)).toEqual(["Ngozi Okafor"]);
  // On a table this small the planner reads it whole, or an index holding the column whole
  // (contacts_owner_important_name): without those, the trigram index serves the `like`.
  const planned = db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`drop index contacts_owner_important_name`.execute(trx);
    for (const column of COLUMNS) {
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain select id from contacts where ${sql.ref(column)} like ${"%okafor%"} escape '\\'`.execute(
        trx,
      );
      expect(rows.map((row) => row["QUERY PLAN"]).join("\n")).toContain(`Bitmap Index Scan on contacts_${column}_trigrams`);
    }
    throw new Error("rolled back");
  });
  await expect(planned).rejects.toThrow("rolled back");
});

test("where the database's user may not create pg_trgm, the migration says how to add the indexes and the searches scan (PostgreSQL)", async () => {
  if (!postgres) return;
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  const role = `chapter_no_extensions_${process.pid}`;
  const rolledBack = db.transaction().execute(async (trx) => {
    await sql`drop extension pg_trgm cascade`.execute(trx);
    await sql`create role ${sql.id(role)}`.execute(trx);
    await sql`set local role ${sql.id(role)}`.execute(trx);
    await up(trx);
    await sql`reset role`.execute(trx);
    const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname like 'contacts_%_trigrams'`.execute(trx);
    expect(rows).toEqual([]);
    // The migration's transaction goes on after the failed statement.
    expect((await sql<{ one: number }>`select 1 as one`.execute(trx)).rows).toEqual([{ one: 1 }]);
    throw new Error("rolled back");
  });
  await expect(rolledBack).rejects.toThrow("rolled back");
  expect(warn).toHaveBeenCalledWith(expect.stringContaining("create extension pg_trgm;"));
  // Rolled back: the indexes are there again.
  const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where indexname like 'contacts_%_trigrams'`.execute(db);
  expect(rows).toHaveLength(3);
});
