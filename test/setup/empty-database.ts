import { type Kysely, PostgresAdapter, sql } from "kysely";

/** Deletes every row of every table but the migration bookkeeping. */
export async function emptyDatabase(db: Kysely<any>) {
  const tables = (await db.introspection.getTables()).map((table) => table.name).filter((name) => !name.startsWith("kysely_"));
  if (tables.length === 0) return;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // TRUNCATE … RESTART IDENTITY CASCADE took 300–450 ms after every test (it makes each
    // table's files anew): deleting the few rows a test wrote, in one round trip, takes a few.
    // Foreign keys are not checked meanwhile (the replica role: every row goes), and the
    // sequences start again at 1, as RESTART IDENTITY did.
    const deletes = tables.map((table) => `DELETE FROM "${table.replaceAll('"', '""')}";`).join(" ");
    await sql
      .raw(
        `BEGIN; SET LOCAL session_replication_role = replica; ${deletes} ` +
          `SELECT setval(oid, 1, false) FROM pg_class WHERE relkind = 'S' AND relnamespace = 'public'::regnamespace; COMMIT;`,
      )
      .execute(db);
    return;
  }
  // An FTS5 index (migrations/202611281500_contacts_search_index.ts) is emptied by the delete
  // triggers of its table; its own tables may not be written.
  const indexes = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'`.execute(db);
  const indexTables = (name: string) => indexes.rows.some((index) => name === index.name || name.startsWith(`${index.name}_`));
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  for (const table of tables.filter((name) => !indexTables(name))) await db.deleteFrom(table).execute();
  await sql`DELETE FROM sqlite_sequence`.execute(db).catch(() => undefined);
  await sql`PRAGMA foreign_keys = ON`.execute(db);
}
