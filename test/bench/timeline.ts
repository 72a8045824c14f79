// The timeline of a busy club: 2,000 members, 20,000 posts (public, friends-only, only-me)
// with comments, and one member with 150 friends. Measures their timeline (first and a deep
// page), a friend's member page and a post's page through the built request handler, each as
// a ratio to the /healthz floor of the same run. Run by run.ts (npm run bench).
import type { AppLoadContext } from "@remix-run/node";
import { db } from "../../app/lib/db.server.ts";
import { type Handle, measure, printAgainstFloor, signedInCookie } from "./measure.ts";

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
export async function seed() {
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
  let ids: number[] = [];
  await db.transaction().execute(async (trx) => {
    await inBatches(members, async (batch) => {
      const rows = await trx.insertInto("users").values(batch as never).returning("id").execute();
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
  ids = ids.slice(0, FRIENDS + 1);
  return { me: ids[0], friend: ids[1] };
}


export async function benchTimeline(handle: Handle, context: AppLoadContext) {
  const seeding = performance.now();
  const { me, friend } = await seed();
  const seeded = performance.now() - seeding;
  const cookie = await signedInCookie(me);

  const newest = await db.selectFrom("posts").select((eb) => eb.fn.max("id").as("id")).executeTakeFirstOrThrow();
  const middle = Math.floor(Number(newest.id) / 2);
  const visiblePost = await db.selectFrom("posts").select("id").where("privacy", "=", "public").orderBy("id", "desc").executeTakeFirstOrThrow();

  const floor = await measure(handle, context, "floor /healthz", "/healthz");
  const cases = [
    await measure(handle, context, "timeline, first page", "/user/timeline", { Cookie: cookie }),
    await measure(handle, context, "timeline, a page half-way down", `/user/timeline?before=${middle}`, { Cookie: cookie }),
    await measure(handle, context, "timeline page as JSON (Load more)", `/user/timeline?before=${middle}&_data=routes%2Fuser.timeline`, { Cookie: cookie }),
    await measure(handle, context, "a friend's member page", `/user/members/${friend}`, { Cookie: cookie }),
    await measure(handle, context, "a post's page", `/user/timeline/post/${visiblePost.id}`, { Cookie: cookie }),
  ];

  printAgainstFloor(`timeline: ${MEMBERS} members, ${POSTS} posts, ${FRIENDS} friends, seeded in ${(seeded / 1000).toFixed(1)} s`, floor, cases);
}
