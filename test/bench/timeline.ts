// A busy club's timeline: 2,000 members, 20,000 posts (public, friends-only, only-me) with
// comments, and one member with 150 friends, whose timeline (20 posts a page) and home page
// are measured.
import { db } from "../../app/lib/db.server.ts";
import { signedInCookie } from "./cookie.ts";
import type { Case } from "./load.ts";

const MEMBERS = 2_000;
const POSTS = 20_000;
const FRIENDS = 150;
const COMMENT_EVERY = 3;
const BATCH = 500;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let offset = 0; offset < rows.length; offset += BATCH) await insert(rows.slice(offset, offset + BATCH));
}

/** Members (inserted directly: hashing 2,000 passwords would only measure argon2), posts,
 * friendships of the first member, and comments. Returns the first member's id. */
async function seed() {
  const start = Date.parse("2025-01-01T00:00:00Z");
  const at = (n: number) => new Date(start + n * 60_000).toISOString();
  const members = Array.from({ length: MEMBERS }, (_, n) => ({
    email: `timeline-bench-${n}@example.com`,
    name: `Timeline Member ${n}`,
    password_hash: "x",
    role: "member" as const,
    member_type: "entrepreneur" as const,
    created_at: at(0),
    updated_at: at(0),
  }));
  const ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    await inBatches(members, async (batch) => {
      const rows = await trx
        .insertInto("users")
        .values(batch as never)
        .returning("id")
        .execute();
      ids.push(...rows.map((row) => row.id));
    });
    const me = ids[0];
    const friendships = ids.slice(1, FRIENDS + 1).map((friend, n) => ({
      requester_id: n % 2 ? me : friend,
      addressee_id: n % 2 ? friend : me,
      status: "accepted" as const,
      created_at: at(0),
      accepted_at: at(0),
    }));
    await inBatches(friendships, (batch) => trx.insertInto("friendships").values(batch).execute());
    const privacies = ["public", "public", "public", "public", "public", "public", "friends", "friends", "friends", "private"] as const;
    const posts = Array.from({ length: POSTS }, (_, n) => ({
      author_id: ids[(n * 7) % MEMBERS],
      message: `Post number ${n}: looking for partners in the ${n % 13} sector.\nSecond line.`,
      privacy: privacies[n % privacies.length],
      created_at: at(n),
      updated_at: at(n),
    }));
    const postIds: number[] = [];
    await inBatches(posts, async (batch) => {
      const rows = await trx.insertInto("posts").values(batch).returning("id").execute();
      postIds.push(...rows.map((row) => row.id));
    });
    const comments = postIds
      .filter((_, n) => n % COMMENT_EVERY === 0)
      .flatMap((postId, n) => [0, 1].map((k) => ({ post_id: postId, author_id: ids[(n + k * 11) % MEMBERS], message: `Comment ${k}`, created_at: at(n + k) })));
    await inBatches(comments, (batch) => trx.insertInto("comments").values(batch).execute());
  });
  return ids[0];
}

export async function timelineCases(): Promise<Case[]> {
  const headers = { Cookie: await signedInCookie(await seed()) };
  return [
    { label: "home /user", paths: ["/user"], headers, expect: "Timeline Member 0" },
    { label: "timeline, 20 posts", paths: ["/user/timeline"], headers, expect: "looking for partners" },
  ];
}
