import { db } from "~/lib/db.server";
import { fileUrl } from "~/lib/files.server";
import { relationships } from "./friendship.server";
import { searchName } from "./search-name";
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

/**
 * Active members (not oneself) whose name starts with what was typed, accents and case aside:
 * an index range scan on users.search_name, so it stays fast over any number of members.
 */
export async function searchMembers(memberId: number, query: string, limit = SUGGESTIONS): Promise<MemberSearchItem[]> {
  const prefix = searchName(query).slice(0, 100);
  if (!prefix) return [];
  const rows = await db
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
