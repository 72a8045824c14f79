import { createHook } from "node:async_hooks";
import SQLite from "better-sqlite3";
import { type Generated, Kysely } from "kysely";
import { expect, test } from "vitest";
import { ChapterSqliteDialect, reusingStatements } from "~/lib/db.server";

type Schema = { t: { id: Generated<number>; name: string } };

function memoryDb() {
  const database = new SQLite(":memory:");
  database.exec("create table t (id integer primary key, name text)");
  return new Kysely<Schema>({ dialect: new ChapterSqliteDialect({ database: reusingStatements(database) }) });
}

const names = (db: Kysely<Schema>) =>
  db
    .selectFrom("t")
    .select("name")
    .orderBy("id")
    .execute()
    .then((rows) => rows.map((row) => row.name));

test("many queries at once each get their own answer", async () => {
  const db = memoryDb();
  await db
    .insertInto("t")
    .values([{ name: "a" }, { name: "b" }, { name: "c" }])
    .execute();
  const answers = await Promise.all(
    Array.from({ length: 300 }, (_, n) =>
      db
        .selectFrom("t")
        .select("name")
        .where("id", "=", (n % 3) + 1)
        .executeTakeFirstOrThrow(),
    ),
  );
  expect(answers.map((row) => row.name)).toEqual(Array.from({ length: 300 }, (_, n) => "abc"[n % 3]));
  await db.destroy();
});

test("a query sent while a transaction is open waits for it, and is not undone with it", async () => {
  const db = memoryDb();
  let outside: Promise<unknown> | undefined;
  const transaction = db.transaction().execute(async (trx) => {
    await trx.insertInto("t").values({ name: "inside" }).execute();
    outside = db.insertInto("t").values({ name: "outside" }).execute();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await trx.selectFrom("t").select("name").execute()).toEqual([{ name: "inside" }]);
    throw new Error("roll back");
  });
  await expect(transaction).rejects.toThrow("roll back");
  await outside;
  expect(await names(db)).toEqual(["outside"]);
  await db.destroy();
});

test("those waiting for the connection get it in the order they asked", async () => {
  const db = memoryDb();
  let release!: () => void;
  const held = db.connection().execute(() => new Promise<void>((resolve) => (release = resolve)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  const writes = Array.from({ length: 20 }, (_, n) =>
    db
      .insertInto("t")
      .values({ name: String(n) })
      .execute(),
  );
  release();
  await held;
  await Promise.all(writes);
  expect(await names(db)).toEqual(Array.from({ length: 20 }, (_, n) => String(n)));
  await db.destroy();
});

test("a release wakes one waiter, not all of them: the work per query does not grow with the queue", async () => {
  const db = memoryDb();
  await db.insertInto("t").values({ name: "a" }).execute();
  const promisesPerQuery = async (queries: number) => {
    let promises = 0;
    const hook = createHook({ init: (_id, type) => void (type === "PROMISE" && promises++) }).enable();
    try {
      await Promise.all(Array.from({ length: queries }, () => db.selectFrom("t").select("name").execute()));
    } finally {
      hook.disable();
    }
    return promises / queries;
  };
  const few = await promisesPerQuery(10);
  const many = await promisesPerQuery(400);
  // kysely's own lock: each waiter awaited every release, about 2 promises per query ahead of it.
  expect(many).toBeLessThan(few * 1.5);
  // Its lock is taken once, at start: taken for every query as well, a query made ~29 promises
  // (kysely 0.28), ~22 without.
  expect(few).toBeLessThan(25);
  await db.destroy();
});
