import { spawn } from "node:child_process";
import SQLite from "better-sqlite3";
import type pg from "pg";
import { loadPg } from "../on-first-use.server";

/** What a database holds, as the manifest records it, and the storage keys of its files. */
export type DatabaseContents = { tables: Record<string, number>; migrations: string[]; storedKeys: string[] };

const MIGRATION_TABLE = "kysely_migration";
const STORED_KEYS = "select storage_key as key from files union all select thumbnail_key from files where thumbnail_key is not null";

function quoted(name: string) {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Bookkeeping, not the club's data: a fresh install that has run a nightly backup is empty. */
const BOOKKEEPING = /^(kysely_|backup_runs$)/;

/** Rows in the tables that hold the club's data. */
export function dataRows(tables: Record<string, number>) {
  return Object.entries(tables)
    .filter(([table]) => !BOOKKEEPING.test(table))
    .reduce((sum, [, rows]) => sum + rows, 0);
}

export function sqliteContents(database: SQLite.Database): DatabaseContents {
  // A virtual table (the contacts' search index) is computed from the data, and its own
  // tables hold rows in an empty database too: the tables listed are the data's.
  const virtual = database.prepare("select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%'").pluck().all() as string[];
  const names = (
    database.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[]
  ).filter((name) => !virtual.some((index) => name === index || name.startsWith(`${index}_`)));
  const tables: Record<string, number> = {};
  for (const name of names)
    tables[name] = database
      .prepare(`select count(*) from ${quoted(name)}`)
      .pluck()
      .get() as number;
  const migrations = names.includes(MIGRATION_TABLE) ? (database.prepare(`select name from ${MIGRATION_TABLE} order by name`).pluck().all() as string[]) : [];
  const storedKeys = "files" in tables ? (database.prepare(STORED_KEYS).pluck().all() as string[]) : [];
  return { tables, migrations, storedKeys };
}

/** Pages copied per step: small steps let the serving process answer between them. */
const PAGES_PER_STEP = 4096;
/** Another connection's write restarts SQLite's backup; after this many restarts the rest is
 * copied in one step (one read transaction), so a busy database still gets backed up. */
const RESTARTS_BEFORE_ONE_STEP = 2;

/**
 * SQLite's online backup (better-sqlite3's db.backup): a consistent copy of `source` while
 * other connections, in this process or another, go on writing. The copy is left as one file
 * (rollback journal, not WAL) and checked; its contents are returned.
 */
export async function copySqlite(
  source: string,
  destination: string,
  onProgress?: (copiedPages: number, totalPages: number) => void,
): Promise<DatabaseContents> {
  const database = new SQLite(source, { fileMustExist: true });
  try {
    database.pragma("busy_timeout = 5000");
    let restarts = 0;
    let lastRemaining = Infinity;
    await database.backup(destination, {
      progress({ totalPages, remainingPages }) {
        if (remainingPages > lastRemaining) restarts += 1;
        lastRemaining = remainingPages;
        onProgress?.(totalPages - remainingPages, totalPages);
        return restarts >= RESTARTS_BEFORE_ONE_STEP ? 0x7fffffff : PAGES_PER_STEP;
      },
    });
  } finally {
    database.close();
  }
  const copy = new SQLite(destination, { fileMustExist: true });
  try {
    copy.pragma("journal_mode = DELETE");
    const check = copy.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`The copied database failed SQLite's check: ${String(check)}`);
    return sqliteContents(copy);
  } finally {
    copy.close();
  }
}

/** An existing SQLite file's contents, or null when there is no database there. */
export function sqliteFileContents(file: string): DatabaseContents | null {
  let database: SQLite.Database;
  try {
    database = new SQLite(file, { fileMustExist: true, readonly: true });
  } catch {
    return null;
  }
  try {
    return sqliteContents(database);
  } finally {
    database.close();
  }
}

async function postgresContents(client: pg.Client): Promise<DatabaseContents> {
  const { rows } = await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = current_schema() order by tablename");
  const tables: Record<string, number> = {};
  for (const { tablename } of rows) {
    const count = await client.query<{ rows: string }>(`select count(*) as rows from ${quoted(tablename)}`);
    tables[tablename] = Number(count.rows[0].rows);
  }
  const migrations =
    MIGRATION_TABLE in tables ? (await client.query<{ name: string }>(`select name from ${MIGRATION_TABLE} order by name`)).rows.map((row) => row.name) : [];
  const storedKeys = "files" in tables ? (await client.query<{ key: string }>(STORED_KEYS)).rows.map((row) => row.key) : [];
  return { tables, migrations, storedKeys };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>) {
  const client = new (await loadPg()).Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function postgresDatabaseContents(url: string) {
  return withClient(url, postgresContents);
}

/**
 * pg_dump (custom format) of the database at `url`. The rows are counted in the very snapshot
 * pg_dump reads (an exported snapshot held open by a repeatable-read transaction), so the
 * manifest matches the dump while other instances go on writing.
 */
export function dumpPostgres(url: string, destination: string): Promise<DatabaseContents> {
  return withClient(url, async (client) => {
    await client.query("begin isolation level repeatable read read only");
    try {
      const { rows } = await client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
      const contents = await postgresContents(client);
      await runPostgresTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${rows[0].snapshot}`, `--file=${destination}`], url);
      return contents;
    } finally {
      await client.query("commit");
    }
  });
}

/** Replaces every table of the database at `url`, and the functions its triggers run, with the dump's. */
export async function restorePostgres(url: string, dumpFile: string) {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ tablename: string }>("select tablename from pg_tables where schemaname = current_schema()");
    if (rows.length) await client.query(`drop table if exists ${rows.map((row) => quoted(row.tablename)).join(", ")} cascade`);
    // The schema's own functions (the triggers' ones, migrations/202611280900_contact_counts.ts):
    // the dump creates them again. An extension's functions are the extension's to keep.
    const functions = await client.query<{ signature: string }>(
      `select p.oid::regprocedure::text as signature from pg_proc p
        where p.pronamespace = current_schema()::regnamespace
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`,
    );
    for (const { signature } of functions.rows) await client.query(`drop function if exists ${signature} cascade`);
  });
  await runPostgresTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dumpFile], url);
  return postgresDatabaseContents(url);
}

/** Runs pg_dump or pg_restore on `url`; the password goes in the environment, not the
 * command line (which every user of the machine can read). */
function runPostgresTool(tool: "pg_dump" | "pg_restore", args: string[], url: string) {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = "";
  return new Promise<void>((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${address.href}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let errors = "";
    child.stderr.on("data", (chunk) => (errors += chunk));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new Error(
              `${tool} was not found: install PostgreSQL's client tools (on Debian: apt-get install postgresql-client), of the server's version or newer.`,
            )
          : error,
      ),
    );
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${errors.trim()}`))));
  });
}
