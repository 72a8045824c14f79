import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import {
  Kysely,
  type LimitNode,
  type OffsetNode,
  type OperationNode,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
  ValueNode,
} from "kysely";
import type { DatabaseConnection, PostgresDialectConfig, SqliteDatabase, SqliteStatement } from "kysely";
import type { DB } from "./db-schema";
import { databaseUrl, isPostgresUrl } from "./env.server";
import { nulFreeConnection } from "./nul-free.server";
import { loadPg } from "./on-first-use.server";
import { remember } from "./remember.server";

export function openDatabase(url: string): Kysely<DB> {
  if (isPostgresUrl(url)) {
    const pool = async () => new (await loadPg()).Pool({ connectionString: url, max: 10 });
    return new Kysely<DB>({ dialect: new ChapterPostgresDialect({ pool }) });
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
  return new Kysely<DB>({ dialect: new ChapterSqliteDialect({ database: reusingStatements(database) }) });
}

/** A whole number a query's LIMIT or OFFSET was given as a value, else null. */
function countGiven(node: OperationNode) {
  return ValueNode.is(node) && Number.isSafeInteger(node.value) && (node.value as number) >= 0 ? (node.value as number) : null;
}

/**
 * SQLite's compiler, but a LIMIT or OFFSET given as a whole number is written into the SQL
 * instead of bound. SQLite plans a query with the value bound to its LIMIT (since 3.47) and
 * so prepares the statement anew every time that value is bound again, even to the same
 * number: the reused statement (below) was compiled again on every run, 25 µs for a small
 * query and 200 µs for the events list's. Written into the SQL, each limit has a statement of
 * its own, prepared once. Only a number can be written so (anything else stays bound).
 */
class InlinedCountsCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode) {
    const count = countGiven(node.limit);
    if (count === null) return super.visitLimit(node);
    this.append(`limit ${count}`);
  }

  protected override visitOffset(node: OffsetNode) {
    const count = countGiven(node.offset);
    if (count === null) return super.visitOffset(node);
    this.append(`offset ${count}`);
  }
}

/**
 * kysely's SQLite driver, but the one connection is handed to whoever has waited longest, and
 * only to them. kysely's own lock has every waiter await the same promise: each release woke
 * all of them and all but one went back to waiting, anew for every query. When the queries of
 * many requests interleave (50 home pages started at once in one process) that lock was 9% of
 * the CPU time, and the promises it made swelled garbage collection from 6% to 17%.
 * kysely's lock is taken once, at start, and kept: taking it again for every query only made
 * one more promise each time (some 25 queries a page).
 */
class QueuedSqliteDriver extends SqliteDriver {
  #connection: DatabaseConnection | undefined;
  #held = false;
  readonly #waiting: (() => void)[] = [];

  override async init() {
    await super.init();
    this.#connection = nulFreeConnection(await super.acquireConnection());
  }

  override async acquireConnection() {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#held = true;
    return this.#connection!;
  }

  override async releaseConnection() {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

export class ChapterSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver() {
    return new QueuedSqliteDriver(this.#config);
  }

  override createQueryCompiler() {
    return new InlinedCountsCompiler();
  }
}

/** kysely's PostgreSQL driver, its connections' queries NUL-free (nul-free.server.ts). */
class NulFreePostgresDriver extends PostgresDriver {
  override async acquireConnection() {
    return nulFreeConnection(await super.acquireConnection());
  }
}

class ChapterPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;

  constructor(config: PostgresDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver() {
    return new NulFreePostgresDriver(this.#config);
  }
}

const STATEMENTS_KEPT = 500;

/**
 * `sql` with each `like ?` written `like +?` (outside quoted text). SQLite may use an index for
 * a LIKE whose pattern starts with fixed text, so it plans a statement with a bound pattern for
 * each value and prepares it again on every run: ~10 µs for a small query, ~40 for the contact
 * list's count. As an expression (`+` changes no value) the pattern is planned once. Nothing is
 * lost: that use of an index needs a NOCASE column or case_sensitive_like, and Chapter has
 * neither (its searches are `%…%` over lower-cased text).
 */
export function likesPlannedOnce(sql: string) {
  if (!/\blike \?/i.test(sql)) return sql;
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\blike \?/gi, (found) =>
    found.startsWith("'") || found.startsWith('"') ? found : `${found.slice(0, -1)}+?`,
  );
}

/**
 * The database as kysely sees it, but each SQL text is prepared once and its statement reused
 * (kysely's driver prepares every query anew, a measurable share of a page's time). The most
 * recently used statements are kept, up to `kept`. A statement still being iterated (a
 * streamed query) is busy and cannot run another query, so the caller then gets a fresh one.
 * Reads run together in one read transaction (`readsTogether`).
 */
export function reusingStatements(database: SQLite.Database, kept = STATEMENTS_KEPT): SqliteDatabase {
  const statements = new Map<string, Kept>();
  const reads = readsTogether(database);
  return {
    prepare(sql: string): SqliteStatement {
      const known = statements.get(sql);
      if (known && !known.statement.busy) {
        statements.delete(sql); // most recently used last
        statements.set(sql, known);
        reads.before(known);
        return known.rows;
      }
      const fresh = keptStatement(database.prepare(likesPlannedOnce(sql)));
      if (!known) {
        if (statements.size >= kept) statements.delete(statements.keys().next().value!);
        statements.set(sql, fresh);
      }
      reads.before(fresh);
      return fresh.rows;
    },
    close() {
      reads.end();
      statements.clear();
      database.close();
    },
  };
}

type Kept = { statement: SQLite.Statement; rows: SqliteStatement; read: boolean };

/** `read`: a plain query, which returns rows and changes nothing (not `insert … returning`, not a pragma that sets). */
const keptStatement = (statement: SQLite.Statement): Kept => ({
  statement,
  rows: rowsAsObjects(statement),
  read: statement.reader && statement.readonly && /^\s*(select|with)\b/i.test(statement.source),
});

/**
 * The statement as kysely uses it, its rows made into objects here rather than by
 * better-sqlite3. better-sqlite3 builds each row object property by property through V8's API,
 * ~0.3 µs a column (200 rows of 25 columns: 2.6 ms); here the statement returns each row as an
 * array and one function per list of columns, compiled once, writes the object as a literal
 * (1.0–1.5 ms). The objects are the same: a column's name twice keeps the last value, as
 * better-sqlite3 does. A statement that returns no rows is left as it is.
 */
function rowsAsObjects(statement: SQLite.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  let row = rowOf(statement);
  // SQLite prepares a statement again after the schema changes (a migration), and a
  // `select *` then has other columns: its rows' length tells.
  const made = (values: unknown[]) => (values.length === row.columns ? row : (row = rowOf(statement)))(values);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(made),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield made(values);
    },
  };
}

type RowMaker = ((values: unknown[]) => Record<string, unknown>) & { columns: number };
const rowMakers = new Map<string, RowMaker>();
/** The function making a row's object from the statement's values, one per list of column names. */
function rowOf(statement: SQLite.Statement) {
  const names = statement.columns().map((column) => column.name);
  const key = JSON.stringify(names);
  let make = rowMakers.get(key);
  if (!make) {
    // The names are written as JSON strings, which are JavaScript strings as they are. A
    // literal would take `__proto__` as the object's prototype: such a row is assigned column
    // by column, as better-sqlite3 does.
    const made = names.includes("__proto__")
      ? (values: unknown[]) => names.reduce<Record<string, unknown>>((row, name, index) => ((row[name] = values[index]), row), {})
      : new Function("values", `return { ${names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`).join(", ")} };`);
    make = Object.assign(made, { columns: names.length }) as RowMaker;
    rowMakers.set(key, make);
  }
  return make;
}

/**
 * Queries run between two turns of the event loop share one read transaction. On its own each
 * query is a transaction: SQLite opens a read of the WAL (its shared-memory index, the last
 * frame, the cache's validity) and closes it again: ~2.7 µs of a 3.8 µs primary-key look-up in
 * a loop (a loaded server's queries cost several times their time in a loop); a page runs ~25.
 * The first query opens the transaction and the next turn of the loop (setImmediate) commits
 * it, so a read never sees older data than the turn it runs in. Anything else — a write, an
 * `insert … returning`, kysely's own `begin` — commits it first and runs as before, so writes
 * and transactions are untouched; inside kysely's transactions nothing is added.
 */
function readsTogether(database: SQLite.Database) {
  const begin = database.prepare("begin");
  const commit = database.prepare("commit");
  let open = false;
  const end = () => {
    if (!open) return;
    if (!database.open || !database.inTransaction) {
      open = false;
      return;
    }
    try {
      commit.run();
      open = false;
    } catch (error) {
      // A streamed query is still being read: the transaction ends after it.
      if (error instanceof TypeError && /busy/.test(error.message)) setImmediate(end);
      else throw error;
    }
  };
  return {
    before({ read }: Kept) {
      if (!read) return end();
      if (open || database.inTransaction) return;
      begin.run();
      open = true;
      setImmediate(end);
    },
    end,
  };
}

export const db: Kysely<DB> = remember("db", () => openDatabase(databaseUrl()));

export function nowIso() {
  return new Date().toISOString();
}
