import { PostgresAdapter, sql } from "kysely";
import { describe, expect, test } from "vitest";
import { compiledOnce, compiledPerLimit, compiledPerShape, firstRowOf, rowsOf } from "~/lib/compiled-query.server";
import { db } from "~/lib/db.server";
import { contactsOf, createSignedInMember } from "./helpers";

describe("queries compiled once", () => {
  test("give the rows the query built afresh gives, for each call's values, building it once", async () => {
    const [ada, bea] = [await createSignedInMember({ name: "Ada Compiled" }), await createSignedInMember({ name: "Bea Compiled" })];
    let builds = 0;
    const byIdAndName = compiledOnce((id: number, name: string) => {
      builds += 1;
      return db.selectFrom("users").select(["id", "name"]).where("id", "=", id).where("name", "=", name).where("disabled_at", "is", null).limit(1);
    });
    for (const member of [ada, bea, ada]) {
      const fresh = await db
        .selectFrom("users")
        .select(["id", "name"])
        .where("id", "=", member.id)
        .where("name", "=", member.name)
        .where("disabled_at", "is", null)
        .limit(1)
        .execute();
      expect(await rowsOf(byIdAndName(member.id, member.name))).toEqual(fresh);
      expect(fresh).toHaveLength(1);
    }
    expect(await firstRowOf(byIdAndName(ada.id, "Someone else"))).toBeUndefined();
    expect(builds).toBe(1);
  });

  test("refuse a query whose values are computed from an argument, or that does not use one", () => {
    const computed = compiledOnce((year: number) =>
      db
        .selectFrom("big_tasks")
        .select("id")
        .where("year", "in", [year, year - 1]),
    );
    expect(() => computed(2026)).toThrow(/used to compute a value/);
    const pattern = compiledOnce((text: string) => db.selectFrom("users").select("id").where("name", "like", `%${text}%`));
    expect(() => pattern("ada")).toThrow(/used to compute a value/);
    const unused = compiledOnce((id: number, _name: string) => db.selectFrom("users").select("id").where("id", "=", id));
    expect(() => unused(1, "x")).toThrow(/argument 1 is not a value/);
  });
});

const onSqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);

describe("limits and offsets", () => {
  test("on SQLite, a whole-number limit and offset are written into the SQL, and pages are still right", async () => {
    const member = await createSignedInMember({ name: "Lim Ited" });
    await contactsOf(
      member,
      Array.from({ length: 7 }, (_, n) => `Paged ${n}`),
    );
    const page = (limit: number, offset: number) =>
      db.selectFrom("contacts").select("name").where("owner_id", "=", member.id).orderBy("name").limit(limit).offset(offset);
    const compiled = page(3, 6).compile();
    if (onSqlite) {
      // Bound, SQLite prepared the statement again on every run (it plans with a bound limit).
      expect(compiled.sql).toMatch(/ limit 3 offset 6$/);
      expect(compiled.parameters).toEqual([member.id]);
    } else {
      expect(compiled.parameters).toEqual([member.id, 3, 6]);
    }
    expect((await page(3, 0).execute()).map((row) => row.name)).toEqual(["Paged 0", "Paged 1", "Paged 2"]);
    expect((await page(3, 3).execute()).map((row) => row.name)).toEqual(["Paged 3", "Paged 4", "Paged 5"]);
    expect((await page(3, 6).execute()).map((row) => row.name)).toEqual(["Paged 6"]);
  });

  test("anything but a whole number stays a bound value", () => {
    const query = (limit: unknown) =>
      db
        .selectFrom("users")
        .select("id")
        .limit(limit as number)
        .compile();
    for (const limit of [2.5, -1, "3; drop table users", Number.MAX_SAFE_INTEGER + 2]) {
      const compiled = query(limit);
      expect(compiled.parameters).toEqual([limit]);
      expect(compiled.sql).not.toContain(String(limit));
    }
    const expression = db
      .selectFrom("users")
      .select("id")
      .limit(sql<number>`${4} + 1`)
      .compile();
    expect(expression.parameters).toEqual([4]);
  });

  test("compiledPerLimit builds each limit's query once and gives each its rows", async () => {
    const member = await createSignedInMember({ name: "Per Limit" });
    await contactsOf(
      member,
      Array.from({ length: 4 }, (_, n) => `Limited ${n}`),
    );
    const builds: number[] = [];
    const namesOf = compiledPerLimit((limit) => (ownerId: number) => {
      builds.push(limit);
      return db.selectFrom("contacts").select("name").where("owner_id", "=", ownerId).orderBy("name").limit(limit);
    });
    expect((await rowsOf(namesOf(1)(member.id))).map((row) => row.name)).toEqual(["Limited 0"]);
    expect((await rowsOf(namesOf(3)(member.id))).map((row) => row.name)).toEqual(["Limited 0", "Limited 1", "Limited 2"]);
    expect((await rowsOf(namesOf(1)(member.id))).map((row) => row.name)).toEqual(["Limited 0"]);
    if (onSqlite) expect(namesOf(3)(member.id).sql).toMatch(/ limit 3$/);
    expect(builds).toEqual([1, 3]);
  });

  test("compiledPerShape builds each shape's query once, gives each call its values' rows, and keeps a thousand shapes", async () => {
    const member = await createSignedInMember({ name: "Per Shape" });
    await contactsOf(member, ["Ana", "Bob", "Cy"]);
    const queryOf = compiledPerShape();
    const built: string[] = [];
    const names = (shape: "one" | "but one") => (value: string) =>
      rowsOf(
        queryOf(shape, (ownerId: number, name: string) => {
          built.push(shape);
          return db
            .selectFrom("contacts")
            .select("name")
            .where("owner_id", "=", ownerId)
            .where("name", shape === "one" ? "=" : "<>", name)
            .orderBy("name");
        })(member.id, value),
      ).then((rows) => rows.map((row) => row.name));
    expect(await names("one")("Bob")).toEqual(["Bob"]);
    expect(await names("but one")("Bob")).toEqual(["Ana", "Cy"]);
    expect(await names("one")("Cy")).toEqual(["Cy"]);
    expect(await names("but one")("Ana")).toEqual(["Bob", "Cy"]);
    expect(built).toEqual(["one", "but one"]);
    // A thousand more shapes: the first ones are forgotten, then built again once.
    for (let n = 0; n < 1_000; n++) queryOf(`shape ${n}`, (id: number) => db.selectFrom("users").select("id").where("id", "=", id))(n);
    expect(await names("one")("Ana")).toEqual(["Ana"]);
    expect(await names("one")("Bob")).toEqual(["Bob"]);
    expect(built).toEqual(["one", "but one", "one"]);
  });
});
