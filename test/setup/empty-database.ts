import { type Kysely, PostgresAdapter, sql } from "kysely";

/** Deletes every row of every table but the migration bookkeeping. */
export async function emptyDatabase(db: Kysely<any>) {
  const tables = (await db.introspection.getTables())
    .map((table) => table.name)
    .filter((name) => !name.startsWith("kysely_"));
  if (tables.length === 0) return;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(db);
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
