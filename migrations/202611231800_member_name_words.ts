import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/** Member search by any word of the name (first or last name): each member's name words in
 * their own table with an index on the word, so a word prefix is an index range scan over any
 * number of members, on SQLite and PostgreSQL alike. Filled here for existing members; kept
 * up to date where names are written (members.server.ts). */
export async function up(db: Kysely<any>) {
  // Byte order on PostgreSQL, so that a prefix range (>= q and < q + U+10FFFF) is exact
  // whatever the database's locale; SQLite compares bytes already.
  const type = isPostgres(db) ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable("member_name_words")
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("word", type, (col) => col.notNull())
    .addPrimaryKeyConstraint("member_name_words_pk", ["member_id", "word"])
    .execute();
  await db.schema.createIndex("member_name_words_word").on("member_name_words").columns(["word", "member_id"]).execute();
  const users = await db.selectFrom("users").select(["id", "name"]).execute();
  const rows = users.flatMap((user) => words(user.name).map((word) => ({ member_id: user.id, word })));
  for (let i = 0; i < rows.length; i += 500) {
    await db.insertInto("member_name_words").values(rows.slice(i, i + 500)).execute();
  }
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("member_name_words").execute();
}

// A frozen copy of nameWords() in app/features/social/search-name.ts at the time of writing.
function words(name: string) {
  const normalised = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[øæœßłđðþı]/g, (letter) => LETTERS[letter] ?? letter)
    .replace(/\s+/g, " ")
    .trim();
  return [...new Set(normalised.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((word) => word.slice(0, 100)))];
}

/** Letters that are not a base letter plus accents, written as people type them. */
const LETTERS: Record<string, string> = { ø: "o", æ: "ae", œ: "oe", ß: "ss", ł: "l", đ: "d", ð: "d", þ: "th", ı: "i" };
