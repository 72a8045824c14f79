import SQLite from "better-sqlite3";
import { type Generated, Kysely, SqliteDialect, sql } from "kysely";
import { expect, test } from "vitest";
import { likesPlannedOnce, reusingStatements } from "~/lib/db.server";

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

test("its rows are the objects better-sqlite3 makes, whatever the columns", () => {
  const database = memoryDatabase();
  database.exec('create table wide (id integer primary key, n real, b blob, big integer, missing text, "odd name" text, "1st" text, "quote""d" text)');
  database.exec("insert into wide values (1, 1.5, x'00ff', 9007199254740993, null, 'x', 'y', 'z')");
  const reusing = reusingStatements(database);
  const queries = [
    "select * from wide",
    "select t.id, t.name, t.id as id from t order by t.id", // a name twice: the last value
    "select t.name, w.* from t join wide w on w.id = t.id",
    'select 1 as "__proto__", 2 as two', // assigned, as better-sqlite3 does: no such key
    "select count(*) as n, json_group_array(id) as ids from t",
    "pragma table_info(wide)",
  ];
  for (const query of queries) {
    const own = database.prepare(query).all();
    const rows = reusing.prepare(query).all([]);
    expect(rows, query).toEqual(own);
    expect(
      rows.map((row) => Object.keys(row as object)),
      query,
    ).toEqual(own.map((row) => Object.keys(row as object)));
    expect(rows.every((row) => Object.getPrototypeOf(row) === Object.prototype)).toBe(true);
  }
  expect(reusing.prepare("insert into t (name) values (?) returning id, name").all(["e"])).toEqual([{ id: 4, name: "e" }]);
  expect(reusing.prepare("update t set name = ? where id = ?").run(["f", 4]).changes).toBe(1);
  // After a schema change SQLite prepares the statement again, with the columns it has now.
  const everything = reusing.prepare("select * from t where id = ?");
  expect(everything.all([1])).toEqual([{ id: 1, name: "a" }]);
  database.exec("alter table t add column extra text default 'x'");
  expect(everything.all([1])).toEqual([{ id: 1, name: "a", extra: "x" }]);
  expect(reusing.prepare("select * from t where id = ?").all([2])).toEqual([{ id: 2, name: "b", extra: "x" }]);
  database.exec("alter table t drop column extra");
  // A stream left early frees its statement.
  const text = "select name from t order by id";
  for (const row of reusing.prepare(text).iterate([])) {
    expect(row).toEqual({ name: "a" });
    break;
  }
  expect(reusing.prepare(text).all([])).toEqual([{ name: "a" }, { name: "b" }, { name: "c" }, { name: "f" }]);
  reusing.close();
});

test("a LIKE's bound pattern is written as an expression, outside quoted text, so that SQLite plans it once", () => {
  expect(likesPlannedOnce("select id from t where name like ? escape '\\' and x NOT LIKE ? or y like ?")).toBe(
    "select id from t where name like +? escape '\\' and x NOT LIKE +? or y like +?",
  );
  for (const untouched of [
    `select 'like ?' as a, "like ?" from t where name like '%a%'`,
    "select 'it''s like ?' from t",
    "select * from t where name unlike ?",
    "select * from t where name = ?",
  ]) {
    expect(likesPlannedOnce(untouched)).toBe(untouched);
  }
  expect(likesPlannedOnce("select 'a''' || ? from t where b like ?")).toBe("select 'a''' || ? from t where b like +?");

  const database = memoryDatabase();
  database.exec("insert into t (name) values ('a_c'), ('5'), (null)");
  const reusing = reusingStatements(database);
  const statement = reusing.prepare("select id from t where name like ? escape '\\' order by id");
  // It finds what the pattern bound as it is finds, for every kind of value.
  for (const pattern of ["%a%", "A", "a\\_c", "%", 5, "5", null]) {
    expect(statement.all([pattern]), String(pattern)).toEqual(database.prepare("select id from t where name like ? escape '\\' order by id").all(pattern));
  }
  expect(statement.all(["%a%"])).toEqual([{ id: 1 }, { id: 4 }]);
  reusing.close();
});
