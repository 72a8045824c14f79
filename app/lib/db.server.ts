import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import type { SqliteDatabase, SqliteStatement } from "kysely";
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
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: reusingStatements(database) }) });
}

const STATEMENTS_KEPT = 500;

/**
 * The database as kysely sees it, but each SQL text is prepared once and its statement reused
 * (kysely's driver prepares every query anew, a measurable share of a page's time). The most
 * recently used statements are kept, up to `kept`. A statement still being iterated (a
 * streamed query) is busy and cannot run another query, so the caller then gets a fresh one.
 */
export function reusingStatements(database: SQLite.Database, kept = STATEMENTS_KEPT): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      const known = statements.get(sql);
      if (known && !known.busy) {
        statements.delete(sql); // most recently used last
        statements.set(sql, known);
        return known;
      }
      const statement = database.prepare(sql);
      if (!known) {
        if (statements.size >= kept) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      database.close();
    },
  };
}

export const db: Kysely<DB> = remember("db", () => openDatabase(databaseUrl()));

export function nowIso() {
  return new Date().toISOString();
}
