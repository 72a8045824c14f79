import { describe, expect, test } from "vitest";
import { compiledOnce, firstRowOf, rowsOf } from "~/lib/compiled-query.server";
import { db } from "~/lib/db.server";
import { createSignedInMember } from "./helpers";

describe("queries compiled once", () => {
  test("give the rows the query built afresh gives, for each call's values, building it once", async () => {
    const [ada, bea] = [await createSignedInMember({ name: "Ada Compiled" }), await createSignedInMember({ name: "Bea Compiled" })];
    let builds = 0;
    const byIdAndName = compiledOnce((id: number, name: string) => {
      builds += 1;
      return db.selectFrom("users").select(["id", "name"]).where("id", "=", id).where("name", "=", name).where("disabled_at", "is", null).limit(1);
    });
    for (const member of [ada, bea, ada]) {
      const fresh = await db.selectFrom("users").select(["id", "name"]).where("id", "=", member.id).where("name", "=", member.name).where("disabled_at", "is", null).limit(1).execute();
      expect(await rowsOf(byIdAndName(member.id, member.name))).toEqual(fresh);
      expect(fresh).toHaveLength(1);
    }
    expect(await firstRowOf(byIdAndName(ada.id, "Someone else"))).toBeUndefined();
    expect(builds).toBe(1);
  });

  test("refuse a query whose values are computed from an argument, or that does not use one", () => {
    const computed = compiledOnce((year: number) => db.selectFrom("big_tasks").select("id").where("year", "in", [year, year - 1]));
    expect(() => computed(2026)).toThrow(/used to compute a value/);
    const pattern = compiledOnce((text: string) => db.selectFrom("users").select("id").where("name", "like", `%${text}%`));
    expect(() => pattern("ada")).toThrow(/used to compute a value/);
    const unused = compiledOnce((id: number, _name: string) => db.selectFrom("users").select("id").where("id", "=", id));
    expect(() => unused(1, "x")).toThrow(/argument 1 is not a value/);
  });
});
