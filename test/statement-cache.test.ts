import SQLite from "better-sqlite3";
import { type Generated, Kysely, SqliteDialect, sql } from "kysely";
import { expect, test } from "vitest";
import { reusingStatements } from "~/lib/db.server";

function memoryDatabase() {
  const database = new SQLite(":memory:");
  database.exec("create table t (id integer primary key, name text)");
  database.exec("insert into t (name) values ('a'), ('b'), ('c')");
  return database;
}

test("the same SQL is prepared once and its statement reused", () => {
  const database = memoryDatabase();
  const reusing = reusingStatements(database);
  const first = reusing.prepare("select * from t where id = ?");
  expect(reusing.prepare("select * from t where id = ?")).toBe(first);
  expect(reusing.prepare("select * from t where id > ?")).not.toBe(first);
  expect(first.all([2])).toEqual([{ id: 2, name: "b" }]);
  reusing.close();
});

test("a statement still being iterated is not handed out again: the caller gets a fresh one", () => {
  const reusing = reusingStatements(memoryDatabase());
  const text = "select name from t where id >= ? order by id";
  const streaming = reusing.prepare(text).iterate([1]);
  expect(streaming.next().value).toEqual({ name: "a" });
  const meanwhile = reusing.prepare(text);
  expect(meanwhile.all([3])).toEqual([{ name: "c" }]);
  expect([...streaming]).toEqual([{ name: "b" }, { name: "c" }]);
  reusing.close();
});

test("at most `kept` statements are kept, the least recently used dropped first", () => {
  const reusing = reusingStatements(memoryDatabase(), 2);
  const one = reusing.prepare("select 1");
  const two = reusing.prepare("select 2");
  expect(reusing.prepare("select 1")).toBe(one); // now the most recent
  reusing.prepare("select 3"); // drops "select 2"
  expect(reusing.prepare("select 1")).toBe(one);
  expect(reusing.prepare("select 2")).not.toBe(two);
  reusing.close();
});

test("kysely runs queries, writes and streams through it", async () => {
  const database = memoryDatabase();
  const db = new Kysely<{ t: { id: Generated<number>; name: string } }>({ dialect: new SqliteDialect({ database: reusingStatements(database) }) });
  for (let round = 0; round < 3; round++) {
    expect(await db.selectFrom("t").select("name").where("id", "=", 1).executeTakeFirst()).toEqual({ name: "a" });
  }
  const inserted = await db.insertInto("t").values({ name: "d" }).executeTakeFirstOrThrow();
  expect(Number(inserted.insertId)).toBe(4);
  const streamed: string[] = [];
  for await (const row of db.selectFrom("t").select("name").orderBy("id").stream()) streamed.push(row.name);
  expect(streamed).toEqual(["a", "b", "c", "d"]);
  expect((await sql<{ n: number }>`select count(*) as n from t`.execute(db)).rows[0].n).toBe(4);
  await db.destroy();
  expect(database.open).toBe(false);
});
