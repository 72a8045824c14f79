import SQLite from "better-sqlite3";
import { PostgresAdapter, sql } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { latestPosts, listPosts } from "~/features/timeline/posts.server";
import { db } from "~/lib/db.server";
import { befriend, createSignedInMember } from "./helpers";

// The statements SQLite prepares (each once: they are kept), to read their plans.
const statements: string[] = [];
const prepare = SQLite.prototype.prepare;
beforeAll(() => {
  SQLite.prototype.prepare = function (this: SQLite.Database, source: string) {
    statements.push(source);
    return prepare.call(this, source);
  } as typeof prepare;
});
afterAll(() => {
  SQLite.prototype.prepare = prepare;
});

// The feed leaves out disabled members' posts. It looks each post's author up by key as its
// walks reach the post: a list of all disabled members, built anew on every walk, grew with
// them (2,000 disabled of 100,000 members: ~0.3 ms a walk, three walks a page).
test("the feed leaves out disabled members' posts, looking each author up rather than listing the disabled", async () => {
  const viewer = await createSignedInMember();
  const friend = await createSignedInMember();
  const gone = await createSignedInMember();
  await befriend(viewer, friend);
  const now = new Date().toISOString();
  const disabled = Array.from({ length: 200 }, (_, n) => ({
    email: `left-${n}@example.com`,
    name: `Left ${n}`,
    password_hash: "x",
    role: "member" as const,
    member_type: "entrepreneur" as const,
    disabled_at: now,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto("users").values(disabled).execute();
  const post = (author: { id: number }, message: string, privacy: "public" | "friends" | "private") =>
    db.insertInto("posts").values({ author_id: author.id, message, privacy, created_at: now, updated_at: now }).execute();
  await post(viewer, "mine", "private");
  await post(friend, "a friend's", "friends");
  await post(friend, "a friend's, public", "public");
  await post(gone, "of someone who left", "public");
  await post(gone, "of someone who left, to friends", "friends");
  await db.updateTable("users").set({ disabled_at: now }).where("id", "=", gone.id).execute();

  expect((await latestPosts(viewer.id, 3)).map((each) => each.message)).toEqual(["a friend's, public", "a friend's", "mine"]);
  expect((await listPosts(viewer.id)).posts.map((each) => each.message)).toEqual(["a friend's, public", "a friend's", "mine"]);

  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const walks = statements.filter((source) => /^select "posts"\."id" from "posts"/.test(source));
  expect(walks.length).toBeGreaterThanOrEqual(3);
  for (const walk of walks) {
    const { rows } = await sql<{ detail: string }>`${sql.raw(`explain query plan ${walk.replaceAll("?", "1")}`)}`.execute(db);
    const plan = rows.map((row) => row.detail).join(" | ");
    expect(plan, walk).toContain("SEARCH users USING INTEGER PRIMARY KEY");
    expect(plan, walk).not.toContain("SCAN users");
  }
});

// The friends-only walk reads posts newest first by privacy and keeps those of friends. It
// answers from indexes alone (migration 202611281200, and friendIds reading each side of the
// friendships on its own): reading each post's row for its author made it the timeline's
// costliest query (~280 rows for a page of 21 in the bench's club).
test("the friends-only walk keeps friends' posts either way round, and reads them and the friendships from indexes alone", async () => {
  const viewer = await createSignedInMember();
  const asked = await createSignedInMember();
  const asking = await createSignedInMember();
  const pending = await createSignedInMember();
  const stranger = await createSignedInMember();
  await befriend(viewer, asked);
  await befriend(asking, viewer);
  await befriend(pending, viewer, "pending");
  const now = new Date().toISOString();
  for (const [author, message] of [
    [asked, "asked's"],
    [stranger, "a stranger's"],
    [asking, "asking's"],
    [pending, "pending's"],
  ] as const) {
    await db.insertInto("posts").values({ author_id: author.id, message, privacy: "friends", created_at: now, updated_at: now }).execute();
  }

  expect((await listPosts(viewer.id)).posts.map((each) => each.message)).toEqual(["asking's", "asked's"]);

  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const [walk] = statements.filter((source) => /^select "posts"\."id" from "posts"/.test(source) && source.includes("friendships"));
  expect(walk).toBeDefined();
  const { rows } = await sql<{ detail: string }>`${sql.raw(`explain query plan ${walk.replaceAll("?", "1")}`)}`.execute(db);
  const plan = rows.map((row) => row.detail);
  expect(
    plan.filter((step) => /\b(SEARCH|SCAN) (posts|friendships)\b/.test(step)),
    plan.join(" | "),
  ).toEqual([
    expect.stringMatching(/^SEARCH posts USING COVERING INDEX posts_privacy_author/),
    expect.stringMatching(/^SEARCH friendships USING COVERING INDEX friendships_requester_status/),
    expect.stringMatching(/^SEARCH friendships USING COVERING INDEX friendships_addressee_status/),
  ]);
  // Each side of the friendships from its own index: an `or` over both would read their rows.
  expect(plan).not.toContain("MULTI-INDEX OR");
});
