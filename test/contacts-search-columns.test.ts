import { PostgresAdapter, type RawBuilder, sql } from "kysely";
import { describe, expect, test } from "vitest";
import { createContact, listContacts, updateBusiness, updateContact } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { createSignedInMember } from "./helpers";

// The searches read columns the database keeps lower-cased (migrations/202611250910_contacts_search.ts):
// whatever writes a contact, the searches see what it holds now.

const EMPTY = { email: null, phone: null, country: null, province: null, city: null, occupation: null, meet_place: null };

async function names(ownerId: number, filters: Parameters<typeof listContacts>[1]) {
  return (await listContacts(ownerId, filters)).contacts.map((row) => row.name);
}

describe("the searched columns", () => {
  test("follow every change of a contact, made by the app or straight in the database", async () => {
    const member = await createSignedInMember();
    const id = await createContact(member.id, { ...EMPTY, name: "Ada Lovelace", city: "London", meet_place: "Royal Society" });
    expect(await names(member.id, { q: "lovelace" })).toEqual(["Ada Lovelace"]);

    await updateContact(member.id, id, { ...EMPTY, name: "Ada King", city: "Ockham", meet_place: "Analytical club" });
    expect(await names(member.id, { q: "lovelace" })).toEqual([]);
    expect(await names(member.id, { q: "KING" })).toEqual(["Ada King"]);
    expect(await names(member.id, { q: "ockham" })).toEqual(["Ada King"]);
    expect(await names(member.id, { meetPlace: "royal" })).toEqual([]);
    expect(await names(member.id, { meetPlace: "ANALYTICAL" })).toEqual(["Ada King"]);

    await updateBusiness(member.id, id, {
      company: "Difference Engines",
      business_type: null,
      industry: "Computing",
      website: null,
      address: null,
      business_description: null,
    });
    expect(await names(member.id, { business: "engines" })).toEqual(["Ada King"]);
    expect(await names(member.id, { business: "COMPUTING" })).toEqual(["Ada King"]);

    await db.updateTable("contacts").set({ occupation: "Mathématicienne" }).where("id", "=", id).execute();
    expect(await names(member.id, { q: "MATHÉMATICIENNE" })).toEqual(["Ada King"]);
    await db.updateTable("contacts").set({ company: null, industry: null }).where("id", "=", id).execute();
    expect(await names(member.id, { business: "engines" })).toEqual([]);
  });

  test("a search holding a line break never matches across two fields, only within one", async () => {
    const member = await createSignedInMember();
    await createContact(member.id, { ...EMPTY, name: "Ana", email: "bob@example.com" });
    await createContact(member.id, { ...EMPTY, name: "Two\nLines" });
    expect(await names(member.id, { q: "ana\nbob" })).toEqual([]);
    expect(await names(member.id, { q: "two\nlines" })).toEqual(["Two\nLines"]);
  });

  test("the text search reads its index, not every contact's row", async () => {
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      const { rows } = await sql<{ column_name: string; is_generated: string }>`
        select column_name, is_generated from information_schema.columns
        where table_name = 'contacts' and column_name like 'search_%' order by column_name`.execute(db);
      expect(rows).toEqual(["search_business", "search_place", "search_text"].map((column_name) => ({ column_name, is_generated: "ALWAYS" })));
      return;
    }
    const { rows } = await sql<{ detail: string }>`
      explain query plan
      select count(*) from contacts where contacts.owner_id = ${1} and (contacts.search_text like ${"%ana%"} escape '\\' or contacts.phone like ${"%416%"} escape '\\')`.execute(
      db,
    );
    expect(rows.map((row) => row.detail).join(" | ")).toContain("COVERING INDEX contacts_owner_search_text");
  });

  test("only the important ones, with a place or business search, reads those alone", async () => {
    const member = await createSignedInMember();
    for (const [name, important] of [
      ["Golf One", 1],
      ["Golf Two", 0],
      ["Fair Three", 1],
    ] as const) {
      const id = await createContact(member.id, { ...EMPTY, name, meet_place: name.split(" ")[0] });
      await db.updateTable("contacts").set({ is_important: important }).where("id", "=", id).execute();
    }
    expect(await names(member.id, { meetPlace: "go", important: true })).toEqual(["Golf One"]);
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where indexname = 'contacts_owner_important_name'`.execute(db);
      expect(rows[0]?.indexdef).toContain("(owner_id, is_important, lower(name), id, search_place, search_business)");
      return;
    }
    for (const column of ["search_place", "search_business"]) {
      const where = sql`contacts.owner_id = ${member.id} and (${sql.ref(`contacts.${column}`)} like ${"%go%"} escape '\\' and contacts.is_important = ${1})`;
      const plan = async (query: RawBuilder<unknown>) =>
        (await sql<{ detail: string }>`explain query plan ${query}`.execute(db)).rows.map((row) => row.detail).join(" | ");
      expect(await plan(sql`select count(*) from contacts where ${where}`)).toContain(
        "COVERING INDEX contacts_owner_important_name (owner_id=? AND is_important=?)",
      );
      // The page, in name order, walks the same index: no sorting.
      const page = await plan(sql`select contacts.id, contacts.name from contacts where ${where} order by lower(contacts.name), contacts.id limit 24`);
      expect(page).toContain("INDEX contacts_owner_important_name (owner_id=? AND is_important=?)");
      expect(page).not.toContain("TEMP B-TREE");
    }
  });
});
