import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/** Fast member search (SPEC.md §2 autocomplete): a normalised copy of each member's name with
 * an index, so a name prefix is an index range scan over any number of members; and indexes
 * for the unread counts shown in the header on every page. */
export async function up(db: Kysely<any>) {
  // Byte order on PostgreSQL, so that a prefix range (>= q and < q + U+10FFFF) is exact
  // whatever the database's locale; SQLite compares bytes already.
  const type = isPostgres(db) ? sql`text collate "C"` : sql`text`;
  await db.schema
    .alterTable("users")
    .addColumn("search_name", type, (col) => col.notNull().defaultTo(""))
    .execute();
  const users = await db.selectFrom("users").select(["id", "name"]).execute();
  for (const user of users) {
    await db.updateTable("users").set({ search_name: normalise(user.name) }).where("id", "=", user.id).execute();
  }
  await db.schema.createIndex("users_search_name").on("users").columns(["search_name", "id"]).execute();
  await db.schema.createIndex("chat_messages_unread").on("chat_messages").columns(["recipient_id", "read_at"]).execute();
  await db.schema.createIndex("notifications_unread").on("notifications").columns(["member_id", "read_at"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("notifications_unread").execute();
  await db.schema.dropIndex("chat_messages_unread").execute();
  await db.schema.dropIndex("users_search_name").execute();
  await db.schema.alterTable("users").dropColumn("search_name").execute();
}

// A frozen copy of searchName() in app/features/social/search-name.ts at the time of writing.
function normalise(name: string) {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/\s+/g, " ")
    .trim();
}

/** Letters that are not a base letter plus accents, written as people type them. */
const LETTERS: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
