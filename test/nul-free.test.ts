import { CompiledQuery } from "kysely";
import { describe, expect, test } from "vitest";
import { listContacts } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { nulFree } from "~/lib/nul-free.server";
import { action as addAction } from "~/routes/contacts/user.contacts.add";
import { createSignedInMember, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

// A NUL character in a form (tampered, or pasted from a binary) answered 500 on PostgreSQL,
// which refuses it in text, and was kept by SQLite, whose pages then carried it.

function add(member: TestMember, fields: Record<string, string>) {
  return settle(() => addAction(routeArgs(postRequest("/user/contacts/add", { csrf: "x", intent: "save", ...fields }, member.cookie))));
}

describe("NUL characters", () => {
  test("a query's text values lose their NULs; a query without any is the same query", () => {
    const plain = CompiledQuery.raw("select ? , ?", ["Ada", 7]);
    expect(nulFree(plain)).toBe(plain);
    expect(nulFree(CompiledQuery.raw("select ?, ?, ?", ["A\0da", 7, null])).parameters).toEqual(["Ada", 7, null]);
  });

  test("a form's text is saved without them, and a field of nothing else is empty: its own message", async () => {
    const member = await createSignedInMember();
    const saved = await add(member, { name: "Ada\0 Obi", occupation: "Miller\0" });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const row = await db.selectFrom("contacts").select(["name", "occupation"]).where("owner_id", "=", member.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: "Ada Obi", occupation: "Miller" });

    const refused = await add(member, { name: "\0\0" });
    expect(refused.status).toBe(400);
    expect((await replyErrors(refused)).name).toEqual(["Name is required."]);
  });

  test("whatever writes or searches, the database is given none (the net under every path)", async () => {
    const member = await createSignedInMember();
    const now = new Date().toISOString();
    await db.insertInto("contacts").values({ owner_id: member.id, name: "Bo\0 Chen", is_important: 0, created_at: now, updated_at: now }).execute();
    const row = await db.selectFrom("contacts").select("name").where("owner_id", "=", member.id).where("name", "=", "Bo Chen\0").executeTakeFirst();
    expect(row).toEqual({ name: "Bo Chen" });
    expect((await listContacts(member.id, { q: "chen" })).contacts.map((contact) => contact.name)).toEqual(["Bo Chen"]);
  });
});
