import SQLite from "better-sqlite3";
import { PostgresAdapter, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createContact, deleteContact, exportContacts, listContacts, PAGE_SIZE, updateBusiness, updateContact } from "~/features/contacts/contacts.server";
import { contactFiltersFrom } from "~/features/contacts/filters.server";
import { db } from "~/lib/db.server";
import { createSignedInMember } from "./helpers";

// On SQLite a search of three letters or more is answered by the trigram index of the search
// columns (migrations/202611281500_contacts_search_index.ts). It must find exactly what `like`
// on those columns finds, for whatever a member types, and only in their own book.

const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

// The statements SQLite runs, to read their plans.
const statements: string[] = [];
const statement = Object.getPrototypeOf(new SQLite(":memory:").prepare("select 1")) as Record<"all" | "get" | "run", (...params: unknown[]) => unknown>;
const run = { all: statement.all, get: statement.get, run: statement.run };
beforeAll(() => {
  for (const method of ["all", "get", "run"] as const) {
    statement[method] = function (this: SQLite.Statement, ...params: unknown[]) {
      statements.push(this.source);
      return run[method].apply(this, params);
    };
  }
});
afterAll(() => Object.assign(statement, run));

const EMPTY = { email: null, phone: null, country: null, province: null, city: null, occupation: null, meet_place: null };

const PEOPLE = [
  { name: "Zoë Åkesson", city: "Malmö", occupation: "Naïve art dealer", meet_place: "Café 100% Arabica", company: "Åkesson_AB" },
  { name: "李小龙", city: "香港", occupation: "武术", meet_place: "Golf club", company: "嘉禾" },
  { name: "Ngozi 🌍 Okafor", city: "Lagos", occupation: "Founder", meet_place: "Spring fair", company: 'The "Okafor" Group' },
  { name: "İpek Yılmaz", city: "İstanbul", occupation: "Architect", meet_place: "Golf club", company: "back\\slash" },
  { name: "Jürgen Weiß", city: "Berlin", occupation: "STRASSE engineer", meet_place: "Trade show Berlin", company: "Weiß & Co" },
  { name: "Ana Ortega", city: "Toronto", occupation: "Banker", meet_place: "golf CLUB", company: null },
];

const SEARCHES = [
  "oka",
  "okafor",
  "OKAFOR",
  "gozi 🌍 o",
  "🌍",
  "zoë",
  "ZOË",
  "åke",
  "李小龙",
  "小龙",
  "香港",
  "malmö",
  "100%",
  "0% a",
  "_ab",
  "n_a",
  '"okafor"',
  'The "',
  "ıl",
  "yılmaz",
  "istanbul",
  "i̇stanbul",
  "weiß",
  "weiss",
  "strasse",
  "golf",
  "GOLF CLUB",
  "f c",
  "ber",
  "erl",
  "xyz",
  "back\\",
  "\\sl",
  "& co",
  "a",
  "an",
  "ana",
  "a o",
  "   ",
  "ortega ",
];

async function seed() {
  const member = await createSignedInMember();
  const ids: number[] = [];
  for (const person of PEOPLE) {
    const id = await createContact(member.id, { ...EMPTY, name: person.name, city: person.city, occupation: person.occupation, meet_place: person.meet_place });
    await updateBusiness(member.id, id, {
      company: person.company,
      business_type: null,
      industry: null,
      website: null,
      address: null,
      business_description: null,
    });
    ids.push(id);
  }
  return { member, ids };
}

/** What `like` on the search column finds (the searches before the index), by id. */
async function likeFinds(ownerId: number, column: "search_text" | "search_place" | "search_business", value: string) {
  const pattern = `%${value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const { rows } = await sql<{
    id: number;
  }>`select id from contacts where owner_id = ${ownerId} and ${sql.ref(column)} like ${pattern} escape '\\' order by id`.execute(db);
  return rows.map((row) => row.id);
}

async function searchFinds(ownerId: number, filters: Parameters<typeof exportContacts>[1]) {
  const rows = await exportContacts(ownerId, filters);
  const { total, contacts } = await listContacts(ownerId, filters);
  expect(total).toBe(rows.length);
  // The list's queries are compiled once for each shape (compiledPerShape), the export's built afresh.
  expect(contacts.map((row) => row.id)).toEqual(rows.slice(0, PAGE_SIZE).map((row) => row.id));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe("the contacts' trigram index", () => {
  test("finds what like finds, for every kind of text and search", async () => {
    const { member } = await seed();
    for (const value of SEARCHES) {
      expect(await searchFinds(member.id, { q: value }), `q=${value}`).toEqual(await likeFinds(member.id, "search_text", value));
      expect(await searchFinds(member.id, { meetPlace: value }), `meet_place=${value}`).toEqual(await likeFinds(member.id, "search_place", value));
      expect(await searchFinds(member.id, { business: value }), `business=${value}`).toEqual(await likeFinds(member.id, "search_business", value));
    }
    // Combined with each other and with the other filters.
    const both = await searchFinds(member.id, { meetPlace: "golf", q: "okafor" });
    expect(both).toEqual([]);
    expect(await searchFinds(member.id, { meetPlace: "golf club", q: "yılmaz" })).toHaveLength(1);
    await db.updateTable("contacts").set({ is_important: 1 }).where("owner_id", "=", member.id).where("name", "=", "Ana Ortega").execute();
    expect((await listContacts(member.id, { meetPlace: "golf", important: true })).contacts.map((row) => row.name)).toEqual(["Ana Ortega"]);
  });

  test("a search typed with a NUL character in it is searched without it", async () => {
    const { member } = await seed();
    const filters = contactFiltersFrom(new URLSearchParams({ q: "oka\u0000for", meet_place: "\u0000", business: " okafor\u0000 " }));
    expect(filters).toMatchObject({ q: "okafor", meetPlace: null, business: "okafor" });
    expect(await searchFinds(member.id, filters)).toHaveLength(1);
  });

  test("searches of digits (also looked for in the phone) and of letters, one after another, each find their own matches", async () => {
    const member = await createSignedInMember();
    const phones = ["+14165550199", "+14165550123", "+442079460000", null, "+12125550142"];
    for (const [n, phone] of phones.entries()) await createContact(member.id, { ...EMPTY, name: `Ana ${n}`, phone, city: n === 3 ? "Suite 416" : null });
    // searchFinds compares the list's page, its queries compiled once for each shape, with the
    // export's, built afresh: a search of digits has a shape of its own.
    const found: Record<string, number> = {};
    for (const q of ["an", "a\nn", "416", "ana", "555 01", "41", "416\n555", "ana 4", "(212) 555"]) found[q] = (await searchFinds(member.id, { q })).length;
    expect(found).toEqual({ an: 5, "a\nn": 0, "416": 3, ana: 5, "555 01": 3, "41": 3, "416\n555": 2, "ana 4": 1, "(212) 555": 1 });
  });

  test("finds only the member's own contacts", async () => {
    const { member } = await seed();
    const other = await seed();
    for (const filters of [{ q: "okafor" }, { meetPlace: "golf" }, { business: "weiß" }, { q: "okafor", meetPlace: "spring" }]) {
      const found = await searchFinds(member.id, filters);
      expect(found.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(found.every((id) => !other.ids.includes(id))).toBe(true);
      expect((await listContacts(member.id, filters)).contacts.every((row) => !other.ids.includes(row.id))).toBe(true);
    }
  });

  test("a term in most of a large book is scanned for, with the same matches", async () => {
    const member = await createSignedInMember();
    const rows = Array.from({ length: 2_100 }, (_, n) => ({
      owner_id: member.id,
      name: `Member ${n}${n % 700 === 0 ? " Okafor" : ""}`,
      email: `member${n}@example.com`,
      is_important: 0,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
      updated_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    }));
    for (let start = 0; start < rows.length; start += 500)
      await db
        .insertInto("contacts")
        .values(rows.slice(start, start + 500))
        .execute();
    const counted = new Map<string, string[]>();
    for (const value of ["example", "okafor", "member 1"]) {
      statements.length = 0;
      expect(await searchFinds(member.id, { q: value }), value).toEqual(await likeFinds(member.id, "search_text", value));
      counted.set(
        value,
        statements.filter((source) => source.startsWith('select count(*) as "total"')),
      );
    }
    if (!postgres) {
      // The common term counted by the scan of its column; the rare one's total is the count
      // of its matches in the index, not counted again.
      expect(counted.get("example")!.some((source) => source.includes(`"contacts"."search_text" like`))).toBe(true);
      expect(counted.get("okafor")).toEqual([]);
    }
  });

  test("follows each contact's changes and deletions, and a member's leaving", async () => {
    const { member, ids } = await seed();
    const [zoe, , ngozi] = ids;
    await updateContact(member.id, zoe, { ...EMPTY, name: "Zoë Lindqvist", city: "Uppsala", meet_place: "Board retreat" });
    expect(await searchFinds(member.id, { q: "åkesson" })).toEqual([]);
    expect(await searchFinds(member.id, { q: "lindqvist" })).toEqual([zoe]);
    expect(await searchFinds(member.id, { meetPlace: "retreat" })).toEqual([zoe]);
    await db.updateTable("contacts").set({ occupation: "Cartographer" }).where("id", "=", zoe).execute();
    expect(await searchFinds(member.id, { q: "cartog" })).toEqual([zoe]);
    await updateBusiness(member.id, zoe, {
      company: "Maps Inc",
      business_type: null,
      industry: "Surveying",
      website: null,
      address: null,
      business_description: null,
    });
    expect(await searchFinds(member.id, { business: "surveying" })).toEqual([zoe]);

    await deleteContact(member.id, ngozi);
    expect(await searchFinds(member.id, { q: "okafor" })).toEqual([]);

    // Moved to another member (straight in the database: nothing in the app does so).
    const other = await createSignedInMember();
    await db.updateTable("contacts").set({ owner_id: other.id }).where("id", "=", zoe).execute();
    expect(await searchFinds(member.id, { q: "lindqvist" })).toEqual([]);
    expect(await searchFinds(other.id, { q: "lindqvist" })).toEqual([zoe]);

    if (!postgres) {
      const indexed = async (ownerId: number) =>
        (
          await sql<{
            id: number;
          }>`select rowid - (${ownerId} << 32) as id from contacts_search where rowid between (${ownerId} << 32) and (${ownerId} << 32) + 4294967295 order by rowid`.execute(
            db,
          )
        ).rows.map((row) => Number(row.id));
      expect(await indexed(member.id)).toEqual(ids.filter((id) => id !== ngozi && id !== zoe));
      expect(await indexed(other.id)).toEqual([zoe]);
      await db.deleteFrom("users").where("id", "=", member.id).execute();
      expect(await indexed(member.id)).toEqual([]);
    }
  });

  test("a search alone is counted once, in the index; with another filter its total is counted (SQLite)", async () => {
    if (postgres) return;
    const { member } = await seed();
    const fillers = Array.from({ length: 100 }, (_, n) => ({
      owner_id: member.id,
      name: `Filler ${n}`,
      is_important: 0,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    }));
    await db.insertInto("contacts").values(fillers).execute();
    await db.updateTable("contacts").set({ is_important: 1 }).where("owner_id", "=", member.id).where("name", "=", "Ana Ortega").execute();
    const totals = async (filters: Parameters<typeof listContacts>[1]) => {
      statements.length = 0;
      const { total } = await listContacts(member.id, filters);
      const counts = statements.filter((source) => source.startsWith('select count(*) as "total"')).length;
      expect(total, JSON.stringify(filters)).toBe((await exportContacts(member.id, filters)).length);
      return { total, counts };
    };
    expect(await totals({ meetPlace: "golf" })).toEqual({ total: 3, counts: 0 });
    expect(await totals({ q: "okafor" })).toEqual({ total: 1, counts: 0 });
    expect(await totals({ meetPlace: "golf", business: "slash" })).toEqual({ total: 1, counts: 0 });
    expect(await totals({ meetPlace: "golf", important: true })).toEqual({ total: 1, counts: 1 });
    // "an" is too short for the index: scanned for, and the place with it.
    expect(await totals({ meetPlace: "golf", q: "an" })).toMatchObject({ counts: 1 });
    // Digits are also looked for in the phone, which the index does not hold.
    expect(await totals({ q: "416" })).toMatchObject({ counts: 1 });
  });

  test("a search reads the matches from the index once, not the member's whole book (SQLite)", async () => {
    if (postgres) return;
    const { member } = await seed();
    // A book where the searched terms are rare (the index is read for under a tenth of it).
    const fillers = Array.from({ length: 100 }, (_, n) => ({
      owner_id: member.id,
      name: `Filler ${n}`,
      is_important: 0,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    }));
    await db.insertInto("contacts").values(fillers).execute();
    await db.updateTable("contacts").set({ is_important: 1 }).where("owner_id", "=", member.id).where("name", "like", "Ngozi%").execute();
    for (const filters of [
      { q: "okafor", important: true },
      { q: "okafor", business: "group", important: true },
    ]) {
      statements.length = 0;
      const { total, contacts } = await listContacts(member.id, filters);
      expect([total, contacts.map((contact) => contact.name)]).toEqual([1, ["Ngozi 🌍 Okafor"]]);
      // The index is asked once; the count and the page read the contacts of its matches.
      expect(statements.filter((source) => source.includes("contacts_search"))).toHaveLength(1);
      const counts = statements.filter((source) => source.startsWith('select count(*) as "total"'));
      expect(counts).toHaveLength(1);
      const { rows } = await sql<{
        detail: string;
      }>`${sql.raw(`explain query plan ${counts[0].replace("?", "1").replace("?", "'[1]'").replaceAll("?", "1")}`)}`.execute(db);
      const plan = rows.map((row) => row.detail).join(" | ");
      expect(plan).toContain("SEARCH contacts USING INTEGER PRIMARY KEY");
      expect(plan).toContain("json_each");
      expect(plan).not.toContain("contacts_owner");
    }
  });

  test("only important with a place search, few of them important: scanned in name order, the index not asked (SQLite)", async () => {
    if (postgres) return;
    const { member } = await seed();
    const fillers = Array.from({ length: 100 }, (_, n) => ({
      owner_id: member.id,
      name: `Filler ${n}`,
      is_important: 0,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    }));
    await db.insertInto("contacts").values(fillers).execute();
    await db.updateTable("contacts").set({ is_important: 1 }).where("owner_id", "=", member.id).where("name", "in", ["Ana Ortega", "李小龙"]).execute();
    statements.length = 0;
    const { total, contacts } = await listContacts(member.id, { meetPlace: "golf", important: true });
    expect([total, contacts.map((contact) => contact.name)]).toEqual([2, ["Ana Ortega", "李小龙"]]);
    // Golf is in 3 of 106 contacts, under a tenth of the book; the 2 important ones are fewer
    // than IMPORTANT_SCANNED_MAX: their index entries are scanned, walked in name order, and
    // their number is the one the database keeps, not counted.
    expect(statements.filter((source) => source.includes("contacts_search"))).toEqual([]);
    expect(statements.filter((source) => source.includes('count(*) as "contacts" from "contacts"'))).toEqual([]);
    const page = statements.find((source) => source.includes("order by lower(contacts.name)"))!;
    const { rows } = await sql<{
      detail: string;
    }>`${sql.raw(`explain query plan ${page.replace("?", String(member.id)).replace("?", "'%golf%'").replaceAll("?", "1")}`)}`.execute(db);
    expect(rows.map((row) => row.detail).join(" | ")).toContain("contacts_owner_important_name");
  });

  test("only important with a place search, many of them important: the index is asked for a tenth of them at most (SQLite)", async () => {
    if (postgres) return;
    const { member } = await seed();
    const marked = Array.from({ length: 2_100 }, (_, n) => ({
      owner_id: member.id,
      name: `Marked ${String(n).padStart(4, "0")}`,
      meet_place: n < 300 ? "Golf day" : "Fair",
      is_important: 1,
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
    }));
    await db.insertInto("contacts").values(marked).execute();
    await db.updateTable("contacts").set({ is_important: 1 }).where("owner_id", "=", member.id).where("name", "=", "李小龙").execute();
    const listed = async (filters: Parameters<typeof listContacts>[1]) => {
      statements.length = 0;
      const { total, contacts } = await listContacts(member.id, filters);
      const read = {
        asked: statements.filter((source) => source.includes("contacts_search")).length,
        ids: statements.some((source) => source.includes("json_each")),
      };
      expect(total, JSON.stringify(filters)).toBe((await exportContacts(member.id, filters)).length);
      return { total, first: contacts[0]?.name, ...read };
    };
    // 李小龙, of 2,101 important contacts, is the one whose place holds "club": read from the index.
    expect(await listed({ meetPlace: "club", important: true })).toEqual({ total: 1, first: "李小龙", asked: 1, ids: true });
    // Golf is in 301 of them, over a tenth: the index's first look stops, and they are scanned.
    expect(await listed({ meetPlace: "golf", important: true })).toEqual({ total: 301, first: "Marked 0000", asked: 1, ids: false });
    // A tenth of the 2,101, written into the SQL: a bound limit made SQLite prepare it again on every run.
    await listContacts(member.id, { meetPlace: "golf", important: true });
    expect(statements.filter((source) => source.includes("contacts_search")).at(-1)).toMatch(/ limit 211\)$/);
  });
});

test("the list's page, walked in order or gathered and sorted, is a query of its own for each (SQLite)", async () => {
  if (postgres) return;
  const member = await createSignedInMember();
  const now = "2026-01-01T00:00:00.000Z";
  const add = (names: string[]) =>
    db
      .insertInto("contacts")
      .values(names.map((name) => ({ owner_id: member.id, name, is_important: 0, created_at: now, updated_at: now })))
      .execute();
  await add(Array.from({ length: 97 }, (_, n) => `Filler ${n}`));
  await add(["Gold 1", "Gold 2", "Gold 3"]);
  const page = async () => {
    statements.length = 0;
    const { contacts } = await listContacts(member.id, { q: "go" });
    return { first: contacts[0].name, sql: statements.find((source) => source.includes("order by lower(contacts.name)"))! };
  };
  // "go" is too short for the trigram index: scanned. 3 of 100: gathered and sorted.
  const gathered = await page();
  expect(gathered.sql).toContain("|| ''");
  // 63 of 160: walked in list order, the same filters, order and offset.
  await add(Array.from({ length: 60 }, (_, n) => `Gone ${n}`));
  const walked = await page();
  expect(walked.sql).not.toContain("|| ''");
  expect([gathered.first, walked.first]).toEqual(["Gold 1", "Gold 1"]);
});
