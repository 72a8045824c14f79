import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Generated, Kysely, sql } from "kysely";
import { afterEach, expect, test } from "vitest";
import { ChapterSqliteDialect, reusingStatements } from "~/lib/db.server";

type Schema = { t: { id: Generated<number>; name: string } };
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const opened: { close: () => void }[] = [];

/** A WAL database on disk (as the app opens it), a second connection to it, and kysely over the first. */
function databases() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-reads-"));
  const file = path.join(folder, "t.db");
  const database = new SQLite(file);
  database.pragma("journal_mode = WAL");
  database.exec("create table t (id integer primary key, name text)");
  database.exec("insert into t (name) values ('a'), ('b'), ('c')");
  const other = new SQLite(file);
  const reusing = reusingStatements(database);
  const db = new Kysely<Schema>({ dialect: new ChapterSqliteDialect({ database: reusing }) });
  opened.push(other, { close: () => void db.destroy() });
  return { database, other, db };
}

afterEach(() => {
  for (const handle of opened.splice(0)) handle.close();
});

test("the reads of one turn of the event loop share one read transaction, committed on the next turn", async () => {
  const { database, db } = databases();
  expect(database.inTransaction).toBe(false);
  expect(await db.selectFrom("t").select("name").where("id", "=", 1).executeTakeFirst()).toEqual({ name: "a" });
  expect(database.inTransaction).toBe(true);
  expect(
    await db
      .selectFrom("t")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst(),
  ).toEqual({ n: 3 });
  await nextTurn();
  expect(database.inTransaction).toBe(false);
});

test("another connection's write is seen from the next turn on", async () => {
  const { other, db } = databases();
  const count = async () => Number((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0].n);
  expect(await count()).toBe(3);
  other.exec("insert into t (name) values ('d')");
  await nextTurn();
  expect(await count()).toBe(4);
});

test("a write ends the reads' transaction first and is committed as it runs", async () => {
  const { database, other, db } = databases();
  await db.selectFrom("t").selectAll().execute();
  expect(database.inTransaction).toBe(true);
  await db.insertInto("t").values({ name: "d" }).execute();
  expect(database.inTransaction).toBe(false);
  expect(other.prepare("select count(*) as n from t").get()).toEqual({ n: 4 });
  // insert … returning hands back rows, yet writes: it is not held in a read transaction either.
  await db.selectFrom("t").selectAll().execute();
  const returned = await db.insertInto("t").values({ name: "e" }).returning("id").executeTakeFirstOrThrow();
  expect(returned.id).toBe(5);
  expect(database.inTransaction).toBe(false);
  expect(other.prepare("select name from t where id = 5").get()).toEqual({ name: "e" });
});

test("kysely's transactions start after reads of the same turn, and are left alone", async () => {
  const { database, other, db } = databases();
  await db.selectFrom("t").selectAll().execute();
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("t").values({ name: "d" }).execute();
    expect(await trx.selectFrom("t").select("name").where("name", "=", "d").executeTakeFirst()).toEqual({ name: "d" });
  });
  expect(database.inTransaction).toBe(false);
  expect(other.prepare("select count(*) as n from t").get()).toEqual({ n: 4 });
  await expect(
    db.transaction().execute(async (trx) => {
      await trx.insertInto("t").values({ name: "e" }).execute();
      throw new Error("undo");
    }),
  ).rejects.toThrow("undo");
  expect(other.prepare("select count(*) as n from t").get()).toEqual({ n: 4 });
});

test("a streamed query keeps the transaction open until it is read through", async () => {
  const { database, db } = databases();
  const names: string[] = [];
  for await (const row of db.selectFrom("t").select("name").orderBy("id").stream()) {
    names.push(row.name);
    await nextTurn();
  }
  expect(names).toEqual(["a", "b", "c"]);
  await nextTurn();
  expect(database.inTransaction).toBe(false);
  await db.insertInto("t").values({ name: "d" }).execute();
  expect(await db.selectFrom("t").select("name").where("id", "=", 4).executeTakeFirst()).toEqual({ name: "d" });
});
