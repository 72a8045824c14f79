import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { deleteAccount } from "~/features/account/delete-account.server";
import { countContacts, deleteContact, listContacts, setImportant } from "~/features/contacts/contacts.server";
import { db, openDatabase } from "~/lib/db.server";
import { migrateToLatest } from "~/lib/migrate.server";
import { contactsOf, createSignedInMember } from "./helpers";

/** The member's contacts counted row by row: what the kept count must always equal. */
async function counted(ownerId: number) {
  const row = await db
    .selectFrom("contacts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("owner_id", "=", ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("the kept count of a member's contacts", () => {
  test("follows each contact added and removed, one at a time and many in one statement, for each member apart", async () => {
    const [ada, bea] = [await createSignedInMember({ name: "Ada Counted" }), await createSignedInMember({ name: "Bea Counted" })];
    expect(await countContacts(ada.id)).toBe(0);

    const [first] = await contactsOf(ada, ["One"]);
    const many = await contactsOf(
      ada,
      Array.from({ length: 120 }, (_, n) => `Many ${n}`),
    );
    await contactsOf(bea, ["Bea's only"]);
    expect(await countContacts(ada.id)).toBe(121);
    expect(await countContacts(bea.id)).toBe(1);

    expect(await deleteContact(ada.id, first)).toBeTruthy();
    await db.deleteFrom("contacts").where("id", "in", many.slice(0, 20)).execute();
    expect(await countContacts(ada.id)).toBe(100);
    expect(await counted(ada.id)).toBe(100);
    // Another member's contact is not theirs to delete, and leaves both counts as they were.
    await deleteContact(bea.id, many[20]);
    expect(await countContacts(ada.id)).toBe(100);
    expect(await countContacts(bea.id)).toBe(1);
  });

  test("moves with a contact given to another member, and goes with a deleted account", async () => {
    await createSignedInMember({ name: "The Admin" }); // the first member is the club's administrator
    const [ada, bea] = [await createSignedInMember({ name: "Ada Moving" }), await createSignedInMember({ name: "Bea Moving" })];
    const [moved] = await contactsOf(ada, ["Moved", "Stays"]);
    await db.updateTable("contacts").set({ owner_id: bea.id }).where("id", "=", moved).execute();
    await db.updateTable("contacts").set({ name: "Renamed" }).where("owner_id", "=", ada.id).execute();
    expect([await countContacts(ada.id), await countContacts(bea.id)]).toEqual([1, 1]);

    expect((await deleteAccount(ada.id)).ok).toBe(true);
    expect(await countContacts(ada.id)).toBe(0);
    expect(await db.selectFrom("contact_counts").select("owner_id").where("owner_id", "=", ada.id).execute()).toEqual([]);
    expect(await countContacts(bea.id)).toBe(1);
  });

  test("of those marked important follows each contact marked, unmarked, added, removed and moved, alone and many in one statement", async () => {
    await createSignedInMember({ name: "The Admin" });
    const [ada, bea] = [await createSignedInMember({ name: "Ada Marking" }), await createSignedInMember({ name: "Bea Marking" })];
    const important = async (ownerId: number) =>
      Number((await db.selectFrom("contact_counts").select("important").where("owner_id", "=", ownerId).executeTakeFirst())?.important ?? 0);
    const counted = async (ownerId: number) =>
      Number(
        (
          await db
            .selectFrom("contacts")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("owner_id", "=", ownerId)
            .where("is_important", "=", 1)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const both = async () => [await important(ada.id), await important(bea.id)];

    const ids = await contactsOf(
      ada,
      Array.from({ length: 40 }, (_, n) => `Marked ${n}`),
    );
    expect(await both()).toEqual([0, 0]);
    expect(await setImportant(ada.id, ids[0], true)).toBeTruthy();
    await setImportant(ada.id, ids[0], true); // marked again: still one
    await db.updateTable("contacts").set({ is_important: 1 }).where("id", "in", ids.slice(10, 30)).execute();
    expect(await both()).toEqual([21, 0]);
    await setImportant(ada.id, ids[10], false);
    await db.updateTable("contacts").set({ is_important: 0, name: "Unmarked" }).where("id", "in", ids.slice(20, 25)).execute();
    expect(await both()).toEqual([15, 0]);
    // Another member cannot mark Ada's contact.
    await setImportant(bea.id, ids[1], true);
    expect(await both()).toEqual([15, 0]);

    // Moved marked, and moved while being marked or unmarked in the same statement.
    await db.updateTable("contacts").set({ owner_id: bea.id }).where("id", "=", ids[11]).execute();
    await db.updateTable("contacts").set({ owner_id: bea.id, is_important: 1 }).where("id", "=", ids[2]).execute();
    await db.updateTable("contacts").set({ owner_id: bea.id, is_important: 0 }).where("id", "=", ids[12]).execute();
    expect(await both()).toEqual([13, 2]);

    await db.deleteFrom("contacts").where("id", "in", ids.slice(25, 35)).execute();
    await deleteContact(ada.id, ids[0]);
    const now = "2026-01-01T00:00:00.000Z";
    await db
      .insertInto("contacts")
      .values(["New one", "New two"].map((name, n) => ({ owner_id: bea.id, name, is_important: n, created_at: now, updated_at: now })))
      .execute();
    expect(await both()).toEqual([7, 3]);
    expect(await both()).toEqual([await counted(ada.id), await counted(bea.id)]);
  });

  test("is the contact list's total without a filter, and filters still count their matches", async () => {
    const member = await createSignedInMember({ name: "Listed Counted" });
    await contactsOf(member, [...Array.from({ length: 30 }, (_, n) => `Zed ${n}`), "Ngozi Okafor", "Chidi Okafor"]);
    const all = await listContacts(member.id, {});
    expect([all.total, all.pages, all.contacts.length]).toEqual([32, 2, 24]);
    const found = await listContacts(member.id, { q: "okafor" });
    expect([found.total, found.contacts.map((contact) => contact.name)]).toEqual([2, ["Chidi Okafor", "Ngozi Okafor"]]);
  });
});

test("the migration that keeps the counts counts the contacts already there", async () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "contact-counts-"));
  // The migrations before it, in a folder of their own.
  const before = path.join(scratch, "migrations");
  fs.mkdirSync(before);
  fs.cpSync(path.resolve("migrations/support"), path.join(before, "support"), { recursive: true });
  for (const file of fs.readdirSync(path.resolve("migrations"))) {
    if (/^\d{12}_.*\.ts$/.test(file) && file < "202611280900") fs.copyFileSync(path.resolve("migrations", file), path.join(before, file));
  }
  const database = openDatabase(path.join(scratch, "before.db"));
  try {
    await migrateToLatest(database, before);
    const now = new Date().toISOString();
    const owners = await database
      .insertInto("users")
      .values(
        ["a", "b", "c"].map((name) => ({
          name,
          email: `${name}@example.com`,
          password_hash: "x",
          role: "member",
          member_type: "investor",
          created_at: now,
          updated_at: now,
        })) as never,
      )
      .returning("id")
      .execute();
    const contact = (ownerId: number, name: string) => ({ owner_id: ownerId, name, is_important: 0, created_at: now, updated_at: now });
    await database
      .insertInto("contacts")
      .values([contact(owners[0].id, "One"), contact(owners[0].id, "Two"), contact(owners[1].id, "Three")])
      .execute();
    await database.updateTable("contacts").set({ is_important: 1 }).where("name", "in", ["Two", "Three"]).execute();

    expect(await migrateToLatest(database)).toContain("202611280900_contact_counts");
    const kept = await database.selectFrom("contact_counts").select(["owner_id", "contacts", "important"]).orderBy("owner_id").execute();
    // The marked ones are counted by migrations/202611291500_contact_counts_important.ts.
    expect(kept).toEqual([
      { owner_id: owners[0].id, contacts: 2, important: 1 },
      { owner_id: owners[1].id, contacts: 1, important: 1 },
    ]);
  } finally {
    await database.destroy();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
});
