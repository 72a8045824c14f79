import { expect, test } from "vitest";
import { listContacts, PAGE_SIZE } from "~/features/contacts/contacts.server";
import { db } from "~/lib/db.server";
import { createSignedInMember } from "./helpers";

// listContacts reads a page either by walking the book in list order or, when the matches are
// rarer than that walk is long, by sorting just the matches: both give the same pages.
test("every page of a filtered list is in list order, whichever way it is read", async () => {
  const member = await createSignedInMember();
  const start = Date.parse("2026-01-01T00:00:00Z");
  const book = Array.from({ length: 60 }, (_, n) => ({
    owner_id: member.id,
    // Names repeat (the id breaks ties) and their case varies.
    name: `${n % 2 ? "name" : "NAME"} ${String(n % 20).padStart(2, "0")}`,
    // 40 of 60 met at golf: the first page walks the book, the second sorts the matches.
    meet_place: n % 3 ? "Golf" : "Fair",
    // 3 of 60 met somewhere rare: every page sorts the matches.
    city: n % 20 === 7 ? "Rareville" : "Toronto",
    // 45 of 60 are important: "only important" with a place search walks them in name order.
    is_important: n % 4 ? 1 : 0,
    created_at: new Date(start + ((n * 7) % 60) * 3_600_000).toISOString(),
    updated_at: new Date(start).toISOString(),
  }));
  await db.insertInto("contacts").values(book).execute();
  const rows = await db
    .selectFrom("contacts")
    .select(["id", "name", "meet_place", "city", "created_at", "is_important"])
    .where("owner_id", "=", member.id)
    .execute();

  const orders = {
    name: (a: (typeof rows)[0], b: (typeof rows)[0]) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id,
    newest: (a: (typeof rows)[0], b: (typeof rows)[0]) => b.created_at.localeCompare(a.created_at) || b.id - a.id,
    oldest: (a: (typeof rows)[0], b: (typeof rows)[0]) => a.created_at.localeCompare(b.created_at) || a.id - b.id,
  };
  const filters = [
    { filter: { meetPlace: "golf" }, keep: (row: (typeof rows)[0]) => row.meet_place === "Golf" },
    { filter: { q: "rareville" }, keep: (row: (typeof rows)[0]) => row.city === "Rareville" },
    { filter: { meetPlace: "golf", important: true }, keep: (row: (typeof rows)[0]) => row.meet_place === "Golf" && row.is_important === 1 },
    { filter: {}, keep: () => true },
  ];
  for (const [sort, order] of Object.entries(orders)) {
    for (const { filter, keep } of filters) {
      const expected = rows
        .filter(keep)
        .sort(order)
        .map((row) => row.id);
      const pages = Math.ceil(expected.length / PAGE_SIZE);
      const seen: number[] = [];
      for (let page = 1; page <= pages; page++) {
        const list = await listContacts(member.id, { ...filter, sort: sort as keyof typeof orders, page });
        expect(list).toMatchObject({ total: expected.length, page, pages });
        seen.push(...list.contacts.map((contact) => contact.id));
      }
      expect(seen, `${sort} ${JSON.stringify(filter)}`).toEqual(expected);
    }
  }
});
