import { db } from "~/lib/db.server";
import { fileUrl } from "~/lib/files.server";
import { relationships } from "./friendship.server";
import { nameWords, searchName, typedWords } from "./search-name";
import { memberProfileUrl } from "./urls";

export const SUGGESTIONS = 10;
/** The highest code point: every name starting with the prefix sorts below prefix + this. */
const AFTER_PREFIX = "\u{10FFFF}";

/** SPEC.md §3's search result item. The e-mail is left out: members find each other by name,
 * and a member's address is theirs to give. */
export type MemberSearchItem = {
  id: number;
  name: string;
  /** The member's "Looking for" question. */
  question: string | null;
  profile_image: string | null;
  image: string | null;
  friend_user_id: number;
  /** The member's profile. */
  url: string;
  friend_status: "none" | "sent" | "received" | "friends";
};

/** Rows read per step of the word scan; a member found by two words is counted once. */
const WORD_BATCH = 50;

type Row = { id: number; name: string; looking_for: string | null; avatar_token: string | null };

/**
 * Active members (not oneself) found by what was typed, accents and case aside: first those
 * whose full name starts with it (in name order), then those with a word of the name starting
 * with each typed word ("smith" and "jo sm" find John Smith), in the order of the matched word.
 * Both are index range scans (users.search_name, member_name_words.word), so the search stays
 * fast over any number of members on SQLite and PostgreSQL.
 */
export async function searchMembers(memberId: number, query: string, limit = SUGGESTIONS): Promise<MemberSearchItem[]> {
  const prefix = searchName(query).slice(0, 100);
  if (!prefix) return [];
  const rows: Row[] = await db
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.profile_image_id")
    .select(["users.id", "users.name", "users.looking_for", "files.token as avatar_token"])
    .where("users.search_name", ">=", prefix)
    .where("users.search_name", "<", prefix + AFTER_PREFIX)
    .where("users.disabled_at", "is", null)
    .where("users.id", "!=", memberId)
    .orderBy("users.search_name")
    .orderBy("users.id")
    .limit(limit)
    .execute();
  if (rows.length < limit) rows.push(...(await searchByWords(memberId, query, limit - rows.length, new Set(rows.map((row) => row.id)))));
  const states = await relationships(
    memberId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const image = row.avatar_token ? fileUrl(row.avatar_token, "thumbnail") : null;
    return {
      id: row.id,
      name: row.name,
      question: row.looking_for,
      profile_image: image,
      image,
      friend_user_id: row.id,
      url: memberProfileUrl(row.id),
      friend_status: states.get(row.id) ?? "none",
    };
  });
}

/**
 * Members with, for each typed word, a word of the name starting with it: a range scan over
 * the longest typed word's index entries (the fewest), the other words checked per member by
 * the primary key; read in steps until enough members not in `skip` are found.
 */
async function searchByWords(memberId: number, query: string, wanted: number, skip: Set<number>): Promise<Row[]> {
  const typed = typedWords(query).slice(0, 5);
  if (!typed.length || wanted <= 0) return [];
  const [lead, ...others] = [...typed].sort((a, b) => b.length - a.length);
  const found: Row[] = [];
  let after: { word: string; memberId: number } | null = null;
  for (let step = 0; step < 20 && found.length < wanted; step++) {
    const batch: (Row & { word: string })[] = await db
      .selectFrom("member_name_words as w")
      .innerJoin("users", "users.id", "w.member_id")
      .leftJoin("files", "files.id", "users.profile_image_id")
      .select(["w.word", "users.id", "users.name", "users.looking_for", "files.token as avatar_token"])
      .where("w.word", ">=", lead)
      .where("w.word", "<", lead + AFTER_PREFIX)
      .where("users.disabled_at", "is", null)
      .where("users.id", "!=", memberId)
      .where((eb) =>
        eb.and(
          others.map((word) =>
            eb.exists(
              eb
                .selectFrom("member_name_words as o")
                .select("o.member_id")
                .whereRef("o.member_id", "=", "w.member_id")
                .where("o.word", ">=", word)
                .where("o.word", "<", word + AFTER_PREFIX),
            ),
          ),
        ),
      )
      .$if(after !== null, (qb) =>
        qb.where((eb) => eb.or([eb("w.word", ">", after!.word), eb.and([eb("w.word", "=", after!.word), eb("w.member_id", ">", after!.memberId)])])),
      )
      .orderBy("w.word")
      .orderBy("w.member_id")
      .limit(WORD_BATCH)
      .execute();
    for (const row of batch) {
      if (skip.has(row.id) || !eachOnItsOwnWord(typed, nameWords(row.name))) continue;
      skip.add(row.id);
      found.push({ id: row.id, name: row.name, looking_for: row.looking_for, avatar_token: row.avatar_token });
      if (found.length === wanted) break;
    }
    if (batch.length < WORD_BATCH) break;
    const last = batch[batch.length - 1];
    after = { word: last.word, memberId: last.id };
  }
  return found;
}

/** Whether each typed word starts a different word of the name ("jo jo" does not find John Smith). */
function eachOnItsOwnWord(typed: string[], words: string[], used = new Set<number>()): boolean {
  if (!typed.length) return true;
  const [first, ...rest] = typed;
  return words.some((word, index) => {
    if (used.has(index) || !word.startsWith(first)) return false;
    used.add(index);
    const ok = eachOnItsOwnWord(rest, words, used);
    used.delete(index);
    return ok;
  });
}
