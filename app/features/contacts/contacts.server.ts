import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, SqliteAdapter, type SqlBool, sql, type Updateable } from "kysely";
import type { ContactsTable, DB } from "~/lib/db-schema";
import { compiledOnce, compiledPerShape, firstRowOf, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { labelsByContact } from "./categories.server";
import type { ContactSort } from "./constants";
import type { BusinessInput, ContactInput } from "./schema";

export const PAGE_SIZE = 24;

/** E.164, or null when it is not a real phone number (libphonenumber's rules). A number
 * without +country code is read in the contact's country. */
export function normalizePhone(input: string, country: string | null) {
  const parsed = parsePhoneNumberFromString(input, (country ?? undefined) as CountryCode | undefined);
  return parsed?.isValid() ? parsed.number : null;
}

type SearchColumn = "contacts.search_text" | "contacts.search_place" | "contacts.search_business";

/** The fields each search column holds (migrations/202611250910_contacts_search.ts). */
const SEARCHED: Record<SearchColumn, string[]> = {
  "contacts.search_text": ["contacts.name", "contacts.email", "contacts.phone", "contacts.occupation", "contacts.city"],
  "contacts.search_place": ["contacts.meet_place"],
  "contacts.search_business": ["contacts.company", "contacts.industry", "contacts.business_type"],
};

function escapeLike(value: string) {
  return value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}

export type ContactFilters = {
  q?: string | null;
  meetPlace?: string | null;
  business?: string | null;
  important?: boolean;
  /** One of the member's labels (my category). */
  label?: number | null;
  realEstate?: string | null;
  other?: string | null;
  chapterHeads?: boolean;
  sort?: ContactSort;
  page?: number;
};

/** The shortest search the trigram index can answer: it finds runs of three letters. */
const INDEXED_SEARCH_LETTERS = 3;
/** With more matches than this share of the member's book, reading them from the index (and
 * each contact by its key, for the count and again for the page) costs more than scanning the
 * book's search column: measured on a book of 10,000, a term in 576 contacts took 0.9 ms from
 * the index against 3.4 scanning, one in 1,429 of them 2.8 ms against 2. */
const INDEXED_SHARE_MAX = 1 / 10;

// On SQLite the search columns are also indexed by every three letters
// (migrations/202611281500_contacts_search_index.ts), which these functions read. On
// PostgreSQL the database itself answers the same `like` from pg_trgm's indexes of the columns
// (migrations/202611291100_contacts_search_trigrams_postgres.ts).
let trigramIndex: boolean | undefined;
function hasTrigramIndex() {
  trigramIndex ??= db.getExecutor().adapter instanceof SqliteAdapter;
  return trigramIndex;
}

/** Whether a search for `value` can be looked up in the trigram index (not with a line break,
 * see below, nor a NUL, which would end FTS5's query early). */
function indexedSearch(value: string) {
  return !/[\n\0]/.test(value) && hasTrigramIndex() && [...value.toLowerCase()].length >= INDEXED_SEARCH_LETTERS;
}

/** FTS5's query for the column holding `value` as it is (a quoted string is matched as written). */
function phraseOf(column: SearchColumn, value: string) {
  return `${column.slice("contacts.".length)} : "${value.toLowerCase().replaceAll('"', '""')}"`;
}

/** The index's rows of one member: keyed `(owner_id << 32) + id`, one range per member. */
function ownRows(ownerId: unknown) {
  return sql<SqlBool>`rowid between (${ownerId} << 32) and (${ownerId} << 32) + 4294967295`;
}

/**
 * One condition of the filters: its shape (what it compares, and how), the values it compares
 * with, and how it is built from them: from the values themselves, or from stand-ins for them
 * when a query of that shape is compiled once (compiledPerShape), so that the shapes of the
 * list's queries are built and compiled once, not on every page.
 */
type Condition = { shape: string; values: unknown[]; build: (...values: any[]) => (eb: ExpressionBuilder<DB, "contacts">) => Expression<SqlBool> };

/** The conditions as one (null: none, every contact), built from `values`, theirs in order. */
function allOf(conditions: Condition[], values: unknown[]) {
  if (!conditions.length) return null;
  let at = 0;
  const built = conditions.map((condition) => condition.build(...values.slice(at, (at += condition.values.length))));
  return (eb: ExpressionBuilder<DB, "contacts">) => eb.and(built.map((condition) => condition(eb)));
}

const valuesOf = (conditions: Condition[]) => conditions.flatMap((condition) => condition.values);
const shapeOf = (conditions: Condition[]) => conditions.map((condition) => condition.shape).join(" · ");

/** Whether the fields of a search column contain `value`, ignoring case. The column holds them
 * lower-cased, a line each, kept by the database (migrations/202611250910_contacts_search.ts):
 * one column read instead of each field lower-cased on every contact. With `index`, a
 * value the trigram index can answer is looked up there instead, in that member's rows: the
 * contacts whose column holds it as it is, as `like` finds them. A value with a line break
 * could match across two fields there, so it is compared field by field. */
function contains(column: SearchColumn, value: string, index: SearchIndex | null): Condition {
  if (index !== null && indexedSearch(value)) {
    return {
      shape: `${column} in index`,
      values: [index.owner, phraseOf(column, value)],
      build: (owner, phrase) => () => sql<SqlBool>`contacts.id in (select rowid - (${owner} << 32) from contacts_search
        where contacts_search match ${phrase} and ${ownRows(owner)})`,
    };
  }
  const pattern = `%${escapeLike(value)}%`;
  if (value.includes("\n")) {
    return {
      shape: `${column} by field`,
      values: [pattern],
      build: (pattern) => () =>
        sql<SqlBool>`(${sql.join(
          SEARCHED[column].map((field) => sql`lower(${sql.ref(field)}) like ${pattern} escape '\\'`),
          sql` or `,
        )})`,
    };
  }
  return { shape: `${column} like`, values: [pattern], build: (pattern) => () => sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '\\'` };
}

/** The searches of the filters that the trigram index can answer, whether the matches can
 * be read from it alone (none of them in an `or` with the phone's digits), and whether they
 * are all the filters keep by (so that the index's matches are the filtered contacts). */
function indexedSearches(filters: ContactFilters) {
  const searches: [SearchColumn, string][] = [];
  let alone = false;
  let only = !(filters.important || filters.label || filters.realEstate || filters.other || filters.chapterHeads);
  // Whether each search the index answers is a condition of its own (not in an `or`).
  let plain = true;
  if (filters.q && indexedSearch(filters.q)) {
    searches.push(["contacts.search_text", filters.q]);
    plain = phoneDigits(filters.q).length < 3;
    alone ||= plain;
    only &&= plain;
  } else if (filters.q) only = false;
  for (const [column, value] of [
    ["contacts.search_place", filters.meetPlace],
    ["contacts.search_business", filters.business],
  ] as const) {
    if (value && indexedSearch(value)) {
      searches.push([column, value]);
      alone = true;
    } else if (value) only = false;
  }
  return { searches, alone, plain, only: only && searches.length > 0 };
}

/** "Only important" without a text search: scanned, the searches read the member's important
 * contacts alone (index contacts_owner_important_name, which holds the place and business
 * columns), in list order when sorted by name. */
function amongImportant(filters: ContactFilters) {
  return Boolean(filters.important && !filters.q);
}

/** Up to this many important contacts, "only important" with a place or business search scans
 * their index entries without asking the trigram index first: ~0.18 µs an entry, 0.18 ms for
 * 1,000, where the index's first look alone costs 0.07–0.3 ms (a term in none of them, a search
 * of several words), then the page of its matches; a bench filter matching 143 of 1,000 asked
 * it in vain, since its matches were over a tenth of them. */
const IMPORTANT_SCANNED_MAX = 2_000;

/** Where the filters' searches are answered: the member whose rows of the trigram index they
 * read (`owner`), and, when each is a condition of its own, the ids of the contacts matching
 * them all (`ids`, a JSON array), read once and used for the count and the page. */
type SearchIndex = { owner: number; ids: string | null };

/**
 * Where the filters' searches are answered, or null when they scan the search columns: when
 * none can use the trigram index, or when the matches are more than INDEXED_SHARE_MAX of what
 * the scan reads (the book, or its important contacts: amongImportant), where the scan is
 * cheaper, or when the scan reads few enough (IMPORTANT_SCANNED_MAX). The index is asked for
 * no more rows than that share.
 */
async function searchIndexOf(ownerId: number, filters: ContactFilters, book: Book): Promise<{ index: SearchIndex | null; total?: number }> {
  const { searches, only, plain } = indexedSearches(filters);
  if (!searches.length) return { index: null };
  const scanned = amongImportant(filters) ? book.important : book.contacts;
  if (amongImportant(filters) && scanned <= IMPORTANT_SCANNED_MAX) return { index: null };
  const most = Math.max(1, Math.ceil(scanned * INDEXED_SHARE_MAX));
  const query = searches.map(([column, value]) => phraseOf(column, value)).join(" AND ");
  // The limit is written into the SQL: bound, it made SQLite prepare the statement again on
  // every run (db.server.ts, InlinedCountsCompiler), ~0.05 ms of the first look's ~0.5.
  const { rows } = await sql<{ matches: number; ids: string }>`select count(*) as matches, json_group_array(id) as ids from
    (select rowid - (${ownerId} << 32) as id from contacts_search where contacts_search match ${query} and ${ownRows(ownerId)} limit ${sql.lit(most)})`.execute(
    db,
  );
  const matches = Number(rows[0].matches);
  if (matches >= most) return { index: null };
  // The index keeps a row for each of the member's contacts (triggers), so when its searches
  // are all the filters, its matches are the total: not counted a second time.
  return { index: { owner: ownerId, ids: plain ? rows[0].ids : null }, total: only ? matches : undefined };
}

// Phones are stored in E.164 (+14165550199): a number typed as "(416) 555-01" is searched
// by its digits, and without the national trunk 0 ("020 7946" is +44 20 7946…).
function phoneDigits(q: string) {
  return /^[\d\s().+-]+$/.test(q) ? q.replace(/\D/g, "").replace(/^0+/, "") : "";
}

/** The conditions of the contacts the filters keep (none: no filter, every contact); their
 * searches read the trigram index (`index`: the ids of its matches, or its rows), or scan
 * without one. */
function matching(filters: ContactFilters, index: SearchIndex | null): Condition[] {
  const conditions: Condition[] = [];
  const ids = index?.ids;
  if (ids) conditions.push({ shape: "ids", values: [ids], build: (ids) => () => sql<SqlBool>`contacts.id in (select value from json_each(${ids}))` });
  // A search the ids answer is not compared again.
  const searched = (value: string | null | undefined): value is string => Boolean(value) && !(ids && indexedSearch(value!));
  if (searched(filters.q)) {
    const text = contains("contacts.search_text", filters.q, index);
    const digits = phoneDigits(filters.q);
    if (digits.length >= 3) {
      conditions.push({
        shape: `${text.shape} or phone`,
        values: [...text.values, `%${escapeLike(digits)}%`],
        build:
          (...values) =>
          (eb) =>
            eb.or([text.build(...values.slice(0, -1))(eb), sql<SqlBool>`contacts.phone like ${values.at(-1)} escape '\\'`]),
      });
    } else
      conditions.push({
        ...text,
        build:
          (...values) =>
          (eb) =>
            eb.or([text.build(...values)(eb)]),
      });
  }
  const { meetPlace, business, label, realEstate, other } = filters;
  if (searched(meetPlace)) conditions.push(contains("contacts.search_place", meetPlace, index));
  if (searched(business)) conditions.push(contains("contacts.search_business", business, index));
  if (filters.important) conditions.push({ shape: "important", values: [], build: () => (eb) => eb("contacts.is_important", "=", 1) });
  if (label) {
    conditions.push({
      shape: "label",
      values: [label],
      build:
        (label) =>
        ({ exists, selectFrom }) =>
          exists(
            selectFrom("contact_label_assignments as a").select("a.label_id").whereRef("a.contact_id", "=", "contacts.id").where("a.label_id", "=", label),
          ),
    });
  }
  if (realEstate) conditions.push({ shape: "real estate", values: [realEstate], build: (value) => (eb) => eb("contacts.real_estate_category", "=", value) });
  if (other) conditions.push({ shape: "other", values: [other], build: (value) => (eb) => eb("contacts.other_category", "=", value) });
  if (filters.chapterHeads) conditions.push({ shape: "chapter heads", values: [], build: () => (eb) => eb("contacts.chapter_head", "is not", null) });
  return conditions;
}

/**
 * The member's contacts the conditions keep, built from `values` (theirs, or stand-ins), their
 * searches reading the trigram index (searchIndexOf) or scanning. `leads`: where the index
 * answers a search alone, the database starts from its matches (the owner is then a condition
 * on each, written `+owner_id` so that SQLite takes no index for it): it would otherwise walk
 * the member's whole book and look each contact up in the matches. The walk in list order
 * (listContacts) keeps the owner's index, which gives it the order.
 */
function filteredContacts(ownerId: unknown, conditions: Condition[], values: unknown[], leads = false) {
  const match = allOf(conditions, values);
  const query = db.selectFrom("contacts").where(leads ? sql<SqlBool>`+contacts.owner_id = ${ownerId}` : sql<SqlBool>`contacts.owner_id = ${ownerId}`);
  return match ? query.where(match) : query;
}

/** The list's count and page queries, each compiled once for each shape it takes. */
const listQueryOf = compiledPerShape();

/** One page of the member's contacts, with the total for the pager. */
export async function listContacts(ownerId: number, filters: ContactFilters) {
  // The book's size (the count the database keeps) and the matches: together they say how to
  // read the page, below. The matches are counted from the trigram index where a search uses
  // it, else over a search column's index, not the rows.
  const book = await bookOf(ownerId);
  const { index, total: matched } = await searchIndexOf(ownerId, filters, book);
  const conditions = matching(filters, index);
  const [shape, values] = [shapeOf(conditions), valuesOf(conditions)];
  const leads = index !== null && indexedSearches(filters).alone;
  const total =
    matched ??
    (conditions.length
      ? Number(
          (
            await firstRowOf(
              listQueryOf(`count${leads ? ", led by the index" : ""}: ${shape}`, (owner: unknown, ...values: unknown[]) =>
                filteredContacts(owner, conditions, values, leads).select((eb) => eb.fn.countAll<number>().as("total")),
              )(ownerId, ...values),
            )
          )?.total ?? 0,
        )
      : book.contacts);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Math.min(Math.max(1, filters.page ?? 1), pages);
  if (total === 0) return { total, page, pages, contacts: [] };
  const offset = (page - 1) * PAGE_SIZE;
  // In list order, the database walks the book until it has the page: about
  // (offset + a page) × book / total contacts read. When matches are rarer than that, it is
  // cheaper to gather the matches (a search column's index) and sort just them.
  // Scanned among the important contacts in name order, the walk reads an index holding the
  // searched columns (contacts_owner_important_name): no more entries than the gathering
  // would, and the rows of the page only.
  const sort = filters.sort ?? "name";
  const walksImportant =
    index === null && sort === "name" && amongImportant(filters) && !(filters.label || filters.realEstate || filters.other || filters.chapterHeads);
  const walk = !conditions.length || walksImportant || (offset + PAGE_SIZE) * book.contacts <= total * total;
  const read = walk ? "walked" : leads ? "gathered, led by the index" : "gathered";
  const rows = await rowsOf(
    listQueryOf(`page ${read}, by ${sort}, from ${offset}: ${shape}`, (owner: unknown, ...values: unknown[]) =>
      pageOf(filteredContacts(owner, conditions, values, !walk && leads), { walk, sort, offset }),
    )(ownerId, ...values),
  );
  const labels = await labelsByContact(rows.map((row) => row.id));
  return {
    total,
    page,
    pages,
    // Object.assign, not a spread and more properties: ~35 µs a page in V8 (Node 20) against
    // ~3 (posts.server.ts, postHead).
    contacts: rows.map(({ image_token, ...row }) =>
      Object.assign(row, { labels: labels.get(row.id) ?? [], imageUrl: image_token ? fileUrl(image_token, "thumbnail") : null }),
    ),
  };
}

/** The page of `contacts` in list order: walked in that order (`walk`), or gathered and sorted,
 * the sort key then written so that no index serves it (|| ''), or SQLite would walk anyway. */
function pageOf(contacts: ReturnType<typeof filteredContacts>, { walk, sort, offset }: { walk: boolean; sort: ContactSort; offset: number }) {
  const key = (expression: RawBuilder<unknown>) => (walk ? expression : sql`${expression} || ''`);
  const query = walk ? contacts : db.selectFrom("contacts").where("contacts.id", "in", contacts.select("contacts.id"));
  // The photo is joined for the page only: joined in the count, it made SQLite read every
  // contact's row (8 ms instead of 1 for 10,000 contacts). Only what a card shows is read: the
  // page carries it again for the browser.
  const page = query
    .leftJoin("files", "files.id", "contacts.profile_image_id")
    .select([
      "contacts.id",
      "contacts.name",
      "contacts.occupation",
      "contacts.meet_place",
      "contacts.city",
      "contacts.company",
      "contacts.is_important",
      "contacts.real_estate_category",
      "contacts.other_category",
      "contacts.chapter_head",
      "files.token as image_token",
    ]);
  const ordered =
    sort === "name"
      ? page.orderBy(key(sql`lower(contacts.name)`)).orderBy("contacts.id")
      : page.orderBy(key(sql`contacts.created_at`), sort === "newest" ? "desc" : "asc").orderBy("contacts.id", sort === "newest" ? "desc" : "asc");
  return ordered.limit(PAGE_SIZE).offset(offset);
}

const contactCountsOf = compiledOnce((ownerId: number) => db.selectFrom("contact_counts").select(["contacts", "important"]).where("owner_id", "=", ownerId));

/** The member's book: how many contacts, and how many of them are marked important. */
type Book = { contacts: number; important: number };

/** The counts the database keeps (migrations/202611280900_contact_counts.ts, 202611291500_contact_counts_important.ts). */
async function bookOf(ownerId: number): Promise<Book> {
  const row = await firstRowOf(contactCountsOf(ownerId));
  return { contacts: Number(row?.contacts ?? 0), important: Number(row?.important ?? 0) };
}

/** How many contacts the member has. */
export async function countContacts(ownerId: number) {
  return (await bookOf(ownerId)).contacts;
}

/** The member's contact, or null (also when it is another member's). */
export async function getContact(ownerId: number, contactId: number) {
  if (!Number.isSafeInteger(contactId) || contactId < 1) return null;
  const row = await db
    .selectFrom("contacts")
    .leftJoin("files", "files.id", "contacts.profile_image_id")
    .selectAll("contacts")
    .select("files.token as image_token")
    .where("contacts.owner_id", "=", ownerId)
    .where("contacts.id", "=", contactId)
    .executeTakeFirst();
  if (!row) return null;
  const { image_token, search_text, search_place, search_business, ...contact } = row;
  return { ...contact, imageUrl: image_token ? fileUrl(image_token, "thumbnail") : null };
}

/**
 * SPEC.md §5: an e-mail or phone already used by another of the member's contacts. Returns
 * the message to show next to the field, or "" when the value is free.
 */
export async function duplicateMessage(ownerId: number, field: "email" | "phone", value: string | null, exceptId: number | null) {
  if (!value) return "";
  let query = db.selectFrom("contacts").select(["id", "name"]).where("owner_id", "=", ownerId).where(field, "=", value);
  if (exceptId) query = query.where("id", "!=", exceptId);
  const existing = await query.executeTakeFirst();
  if (!existing && field === "email") {
    // An invitation sent to the address, for another of the member's contacts.
    let invited = db
      .selectFrom("invitations")
      .innerJoin("contacts", "contacts.id", "invitations.contact_id")
      .select("contacts.name")
      .where("invitations.owner_id", "=", ownerId)
      .where("invitations.email", "=", value)
      .where("invitations.sent_at", "is not", null);
    if (exceptId) invited = invited.where("invitations.contact_id", "!=", exceptId);
    const invitation = await invited.executeTakeFirst();
    if (invitation) return `You have already invited this e-mail address: ${invitation.name}.`;
  }
  if (!existing) return "";
  return field === "email"
    ? `You already have a contact with this e-mail: ${existing.name}.`
    : `You already have a contact with this phone number: ${existing.name}.`;
}

/** `profileImageId`: the member's contact_profile_image file, saved in the same row. */
export async function createContact(ownerId: number, input: ContactInput & { phone: string | null }, profileImageId: number | null = null) {
  const now = nowIso();
  const { id } = await db
    .insertInto("contacts")
    .values({ owner_id: ownerId, ...input, is_important: 0, profile_image_id: profileImageId, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function updateOwnContact(ownerId: number, contactId: number, changes: Updateable<ContactsTable>) {
  const result = await db
    .updateTable("contacts")
    .set({ ...changes, updated_at: nowIso() })
    .where("owner_id", "=", ownerId)
    .where("id", "=", contactId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function updateContact(ownerId: number, contactId: number, input: ContactInput & { phone: string | null }) {
  return updateOwnContact(ownerId, contactId, input);
}

export function updateBusiness(ownerId: number, contactId: number, input: BusinessInput) {
  return updateOwnContact(ownerId, contactId, input);
}

export function setImportant(ownerId: number, contactId: number, important: boolean) {
  return updateOwnContact(ownerId, contactId, { is_important: important ? 1 : 0 });
}

/** Deletes the contact and every file it owned (rows and disk). */
/** The files contacts own: profile images, videos and documents, business cards (originals
 * and crops), invitation images. Their link rows go with the contacts (cascade); the files' rows and bytes are
 * deleted by whoever deletes the contacts, after the delete (deleteFile). */
export async function filesOwnedByContacts(executor: Kysely<DB>, contactIds: number[]) {
  if (contactIds.length === 0) return [];
  const [images, attached, cards, invitations] = await Promise.all([
    executor.selectFrom("contacts").select("profile_image_id").where("id", "in", contactIds).where("profile_image_id", "is not", null).execute(),
    executor.selectFrom("contact_files").select("file_id").where("contact_id", "in", contactIds).execute(),
    executor.selectFrom("business_cards").select(["original_file_id", "cropped_file_id"]).where("contact_id", "in", contactIds).execute(),
    executor.selectFrom("invitations").select("image_id").where("contact_id", "in", contactIds).where("image_id", "is not", null).execute(),
  ]);
  return [
    ...images.map((row) => row.profile_image_id!),
    ...attached.map((row) => row.file_id),
    ...cards.flatMap((card) => [card.original_file_id, card.cropped_file_id]),
    ...invitations.map((row) => row.image_id!),
  ];
}

export async function deleteContact(ownerId: number, contactId: number) {
  const contact = await db.selectFrom("contacts").select("id").where("owner_id", "=", ownerId).where("id", "=", contactId).executeTakeFirst();
  if (!contact) return false;
  const files = await filesOwnedByContacts(db, [contact.id]);
  await db.deleteFrom("contacts").where("id", "=", contact.id).execute();
  for (const fileId of files) await deleteFile(fileId);
  return true;
}

/** The member's earlier values of a field, most used first, for suggestions. */
export async function suggestions(ownerId: number, field: "meet_place" | "occupation", limit = 50) {
  const rows = await db
    .selectFrom("contacts")
    .select([field, sql<number>`count(*)`.as("uses")])
    .where("owner_id", "=", ownerId)
    .where(field, "is not", null)
    .groupBy(field)
    .orderBy("uses", "desc")
    .orderBy(field)
    .limit(limit)
    .execute();
  return rows.map((row) => row[field] as string);
}

/** Every contact matching the filters, by name, for export. */
export async function exportContacts(ownerId: number, filters: ContactFilters) {
  const conditions = matching(filters, (await searchIndexOf(ownerId, filters, await bookOf(ownerId))).index);
  return filteredContacts(ownerId, conditions, valuesOf(conditions))
    .selectAll("contacts")
    .orderBy(sql`lower(contacts.name)`)
    .orderBy("contacts.id")
    .execute();
}
