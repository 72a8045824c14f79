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
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  for (const table of tables) await db.deleteFrom(table).execute();
  await sql`DELETE FROM sqlite_sequence`.execute(db).catch(() => undefined);
  await sql`PRAGMA foreign_keys = ON`.execute(db);
}
