import { sql } from "kysely";
import { compiledOnce, compiledPerCount, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";

/** The member's own labels, by name, with how many contacts carry each. */
export async function labelsOf(ownerId: number) {
  return rowsOf(labelsWithCountsOf(ownerId));
}

const labelsWithCountsOf = compiledOnce((ownerId: number) =>
  db
    .selectFrom("contact_labels as l")
    .leftJoin("contact_label_assignments as a", "a.label_id", "l.id")
    .select(["l.id", "l.name", sql<number>`count(a.contact_id)`.as("contacts")])
    .where("l.owner_id", "=", ownerId)
    .groupBy(["l.id", "l.name"])
    .orderBy(sql`lower(l.name)`),
);

const labelsOfContacts = compiledPerCount(
  (_count) =>
    (...contactIds: number[]) =>
      db
        .selectFrom("contact_label_assignments as a")
        .innerJoin("contact_labels as l", "l.id", "a.label_id")
        .select(["a.contact_id", "l.id", "l.name"])
        .where("a.contact_id", "in", contactIds)
        .orderBy(sql`lower(l.name)`),
);

/** Label names per contact, for a page of contacts (a page at most: a query for each length). */
export async function labelsByContact(contactIds: number[]) {
  const map = new Map<number, { id: number; name: string }[]>();
  if (contactIds.length === 0) return map;
  const rows = await rowsOf(labelsOfContacts(contactIds.length)(...contactIds));
  for (const row of rows) map.set(row.contact_id, [...(map.get(row.contact_id) ?? []), { id: row.id, name: row.name }]);
  return map;
}

/**
 * Sets which of the member's labels the contact carries, creating `newLabel` first when
 * given (or reusing the member's label of that name). Ids that are not the member's are
 * ignored. The contact must already be known to be the member's.
 */
export async function setContactLabels(ownerId: number, contactId: number, labelIds: number[], newLabel: string | null) {
  await db.transaction().execute(async (trx) => {
    const ids = new Set<number>();
    if (labelIds.length) {
      const own = await trx.selectFrom("contact_labels").select("id").where("owner_id", "=", ownerId).where("id", "in", labelIds).execute();
      for (const row of own) ids.add(row.id);
    }
    if (newLabel) {
      const existing = await trx
        .selectFrom("contact_labels")
        .select("id")
        .where("owner_id", "=", ownerId)
        .where(sql<boolean>`lower(name) = ${newLabel.toLowerCase()}`)
        .executeTakeFirst();
      const id =
        existing?.id ??
        (await trx.insertInto("contact_labels").values({ owner_id: ownerId, name: newLabel, created_at: nowIso() }).returning("id").executeTakeFirstOrThrow())
          .id;
      ids.add(id);
    }
    await trx.deleteFrom("contact_label_assignments").where("contact_id", "=", contactId).execute();
    if (ids.size) {
      await trx
        .insertInto("contact_label_assignments")
        .values([...ids].map((label_id) => ({ contact_id: contactId, label_id })))
        .execute();
    }
  });
}

const COLUMN = { "real-estate": "real_estate_category", other: "other_category" } as const;
export async function setFixedCategory(ownerId: number, contactId: number, kind: "real-estate" | "other", value: string | null) {
  await db
    .updateTable("contacts")
    .set({ [COLUMN[kind]]: value, updated_at: nowIso() })
    .where("owner_id", "=", ownerId)
    .where("id", "=", contactId)
    .execute();
}

export async function setChapterHead(ownerId: number, contactId: number, chapter: string | null) {
  await db.updateTable("contacts").set({ chapter_head: chapter, updated_at: nowIso() }).where("owner_id", "=", ownerId).where("id", "=", contactId).execute();
}

/** One of the member's own labels, with how many contacts carry it; null for anyone else's. */
export async function getLabel(ownerId: number, labelId: number) {
  const label = await db
    .selectFrom("contact_labels as l")
    .leftJoin("contact_label_assignments as a", "a.label_id", "l.id")
    .select(["l.id", "l.name", sql<number>`count(a.contact_id)`.as("contacts")])
    .where("l.owner_id", "=", ownerId)
    .where("l.id", "=", labelId)
    .groupBy(["l.id", "l.name"])
    .executeTakeFirst();
  return label ? { ...label, contacts: Number(label.contacts) } : null;
}

/**
 * Renames the member's label. Names are unique per member whatever their case, so a name
 * another of their labels has is refused ("taken"); a change of case of its own name is fine.
 */
export async function renameLabel(ownerId: number, labelId: number, name: string) {
  const clash = await db
    .selectFrom("contact_labels")
    .select("id")
    .where("owner_id", "=", ownerId)
    .where("id", "!=", labelId)
    .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`)
    .executeTakeFirst();
  if (clash) return "taken" as const;
  await db.updateTable("contact_labels").set({ name }).where("owner_id", "=", ownerId).where("id", "=", labelId).execute();
  return "renamed" as const;
}

/** Deletes the member's label and takes it off every contact that carried it. */
export async function deleteLabel(ownerId: number, labelId: number) {
  return db.transaction().execute(async (trx) => {
    const own = await trx.selectFrom("contact_labels").select("id").where("owner_id", "=", ownerId).where("id", "=", labelId).executeTakeFirst();
    if (!own) return false;
    await trx.deleteFrom("contact_label_assignments").where("label_id", "=", labelId).execute();
    await trx.deleteFrom("contact_labels").where("id", "=", labelId).execute();
    return true;
  });
}

/** The "My categories" dialog, returning to `back`. */
export function labelsDialogPath(back: string) {
  return `/user/contacts/categories?back=${encodeURIComponent(back)}`;
}
