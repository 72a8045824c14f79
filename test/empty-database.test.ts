import { SqliteAdapter, sql } from "kysely";
import { expect, test } from "vitest";
import { db } from "~/lib/db.server";
import { emptyDatabase } from "./setup/empty-database";
import { contactOf, createSignedInMember } from "./helpers";

// What runs after every test (test/setup/worker-db.ts): each test starts from an empty database
// whose ids start again at 1, on SQLite and on PostgreSQL.
test("emptying the database leaves every table empty, rows linked by foreign keys too, and ids start at 1 again", async () => {
  const first = await createSignedInMember();
  await contactOf(first);
  await contactOf(await createSignedInMember());
  expect(first.id).toBe(1);

  await emptyDatabase(db);
  // SQLite's full-text index keeps its own bookkeeping in tables of its own (contacts_search_*).
  const virtual =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(db)).rows.map(
          (row) => row.name,
        )
      : [];
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith("kysely_") && !virtual.some((index) => name.startsWith(`${index}_`)));
  expect(tables.length).toBeGreaterThan(20);
  const counts = await Promise.all(
    tables.map(async (table) => [table, Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0].n)]),
  );
  expect(counts.filter(([, count]) => count !== 0)).toEqual([]);

  const again = await createSignedInMember();
  expect(again.id).toBe(1);
  expect(await contactOf(again)).toBe(1);
});
