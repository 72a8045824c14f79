import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { DB } from "./db-schema";
import { databaseUrl, isPostgresUrl } from "./env.server";
import { remember } from "./remember.server";

// count(*) and bigint columns come back from pg as strings; ids fit in a JS number.
pg.types.setTypeParser(20, (value) => Number(value));

export function openDatabase(url: string): Kysely<DB> {
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  }
  fs.mkdirSync(path.dirname(path.resolve(url)), { recursive: true });
  const database = new SQLite(url);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = NORMAL");
  database.pragma("foreign_keys = ON");
  database.pragma("busy_timeout = 5000");
  // SQLite's own lower() folds ASCII letters only, so "Élise" was not found by "élise" (the
  // searches compare lower(column) with a lower-cased pattern). Unicode, as on PostgreSQL.
  database.function("lower", { deterministic: true }, (value: unknown) => (typeof value === "string" ? value.toLowerCase() : value));
  return new Kysely<DB>({ dialect: new SqliteDialect({ database }) });
}

export const db: Kysely<DB> = remember("db", () => openDatabase(databaseUrl()));

export function nowIso() {
  return new Date().toISOString();
}
