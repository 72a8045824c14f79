import { describe, expect, test, vi } from "vitest";
import { setEmailNotifications } from "~/features/notifications/notifications.server";
import { reactionMessage } from "~/features/timeline/reactions.server";
import { withChoice, noReactions } from "~/features/timeline/reactions";
import type { PostPrivacy } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { loader as notificationsLoader } from "~/routes/social/user.notifications";
import { loader as timelineLoader } from "~/routes/timeline/user.timeline";
import { loader as postLoader } from "~/routes/timeline/user.timeline_.post.$postId";
import { action as reactAction, loader as reactGet } from "~/routes/timeline/user.timeline_.post.$postId.react";
import { action as reactCommentAction } from "~/routes/timeline/user.timeline_.post.$postId.comments.$commentId.react";
import { loader as reactorsLoader } from "~/routes/timeline/user.timeline_.post.$postId.reactions";
import { loader as commentReactorsLoader } from "~/routes/timeline/user.timeline_.post.$postId.comments.$commentId.reactions";
import { BASE, befriend, createSignedInMember, flashOf, getRequest, routeArgs, settle, type TestMember } from "./helpers";

async function insertPost(member: TestMember, privacy: PostPrivacy = "public") {
  const now = nowIso();
  const { id } = await db
    .insertInto("posts")
    .values({ author_id: member.id, message: `A ${privacy} post`, privacy, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

async function insertComment(postId: number, member: TestMember, message = "Well said") {
  const { id } = await db
    .insertInto("comments")
    .values({ post_id: postId, author_id: member.id, message, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The reaction form as the browser posts it: without JS (no ?_data) unless `fetcher`. */
function reactRequest(path: string, member: TestMember, reaction: string, { fetcher = false, from = "/user/timeline" } = {}) {
  return new Request(`${BASE}${path}${fetcher ? "?_data=routes%2Fuser.timeline_.post.%24postId.react" : ""}`, {
    method: "POST",
    body: new URLSearchParams({ csrf: "x", reaction }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: member.cookie, Referer: `${BASE}${from}` },
  });
}

function reactToPost(member: TestMember, postId: number, reaction: string, options?: { fetcher?: boolean; from?: string }) {
  return settle(() => reactAction(routeArgs(reactRequest(`/user/timeline/post/${postId}/react`, member, reaction, options), { postId: String(postId) })));
}

function reactToComment(member: TestMember, postId: number, commentId: number, reaction: string) {
  return settle(() =>
    reactCommentAction(
      routeArgs(reactRequest(`/user/timeline/post/${postId}/comments/${commentId}/react`, member, reaction), {
        postId: String(postId),
        commentId: String(commentId),
      }),
    ),
  );
}

type Summary = { counts: Record<string, number>; total: number; mine: string | null };
type PagePost = { id: number; reactions: Summary; comments: { id: number; reactions: Summary }[] };

async function postAs(member: TestMember, postId: number) {
  const response = await settle(() => postLoader(routeArgs(getRequest(`/user/timeline/post/${postId}`, member.cookie), { postId: String(postId) })));
  expect(response.status).toBe(200);
  return ((await response.json()) as { post: PagePost }).post;
}

async function reactionRows(postId: number) {
  return db.selectFrom("post_reactions").select(["member_id", "kind"]).where("post_id", "=", postId).orderBy("member_id").execute();
}

async function reactionNotices(memberId: number) {
  return db
    .selectFrom("notifications")
    .select(["kind", "message", "link_url", "read_at"])
    .where("member_id", "=", memberId)
    .where("kind", "like", "%reaction")
    .orderBy("id")
    .execute();
}

describe("reactions on a post", () => {
  test("one reaction per member: a second choice changes it, the pressed one takes it back", async () => {
    const ada = await createSignedInMember({ name: "Ada Reacts" });
    const bob = await createSignedInMember({ name: "Bob Reacts" });
    const postId = await insertPost(ada);

    let response = await reactToPost(bob, postId, "like");
    expect(response.status).toBe(302);
    // Without JS: back where the form was, at the post's reactions.
    expect(response.headers.get("Location")).toBe(`/user/timeline#post-${postId}-reactions`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "You liked this post." });
    expect(await reactionRows(postId)).toEqual([{ member_id: bob.id, kind: "like" }]);

    response = await reactToPost(bob, postId, "celebrate");
    expect(await flashOf(response)).toEqual({ type: "success", message: "You celebrated this post." });
    expect(await reactionRows(postId)).toEqual([{ member_id: bob.id, kind: "celebrate" }]);
    // The same again changes nothing and adds no row.
    await reactToPost(bob, postId, "celebrate");
    expect(await reactionRows(postId)).toEqual([{ member_id: bob.id, kind: "celebrate" }]);

    await reactToPost(ada, postId, "insightful");
    expect(await postAs(bob, postId)).toMatchObject({ reactions: { counts: { like: 0, celebrate: 1, insightful: 1 }, total: 2, mine: "celebrate" } });
    expect(await postAs(ada, postId)).toMatchObject({ reactions: { total: 2, mine: "insightful" } });

    response = await reactToPost(bob, postId, "remove");
    expect(await flashOf(response)).toEqual({ type: "success", message: "Your reaction was taken back." });
    expect(await reactionRows(postId)).toEqual([{ member_id: ada.id, kind: "insightful" }]);
    expect(await postAs(bob, postId)).toMatchObject({ reactions: { counts: { like: 0, celebrate: 0, insightful: 1 }, total: 1, mine: null } });
  });

  test("the database itself keeps one reaction per member per post", async () => {
    const ada = await createSignedInMember();
    const postId = await insertPost(ada);
    await db.insertInto("post_reactions").values({ post_id: postId, member_id: ada.id, kind: "like", created_at: nowIso() }).execute();
    await expect(
      db.insertInto("post_reactions").values({ post_id: postId, member_id: ada.id, kind: "celebrate", created_at: nowIso() }).execute(),
    ).rejects.toThrow();
  });

  test("with JS (a fetcher) the answer returns to the page as it is, without a place to jump to", async () => {
    const ada = await createSignedInMember();
    const bob = await createSignedInMember();
    const postId = await insertPost(ada);
    const response = await reactToPost(bob, postId, "like", { fetcher: true, from: "/user/members/7?before=9" });
    expect(response.headers.get("Location")).toBe("/user/members/7?before=9");
  });

  test("anything but like, celebrate, insightful or remove is a 400, and nothing is saved", async () => {
    const ada = await createSignedInMember();
    const bob = await createSignedInMember();
    const postId = await insertPost(ada);
    const response = await reactToPost(bob, postId, "love");
    expect(response.status).toBe(400);
    expect(await reactionRows(postId)).toEqual([]);
  });

  test("who reacted: names and reactions, newest first, returning to the page it was opened from", async () => {
    const ada = await createSignedInMember({ name: "Ada Author" });
    const bob = await createSignedInMember({ name: "Bob Liker" });
    const cy = await createSignedInMember({ name: "Cy Celebrant" });
    const postId = await insertPost(ada);
    await reactToPost(bob, postId, "like");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await reactToPost(cy, postId, "celebrate");
    const response = await settle(() =>
      reactorsLoader(routeArgs(getRequest(`/user/timeline/post/${postId}/reactions?back=%2Fuser%2Ftimeline`, ada.cookie), { postId: String(postId) })),
    );
    const body = (await response.json()) as { title: string; reactors: { name: string; kind: string }[]; closeTo: string };
    expect(body.title).toBe("Reactions to the post of Ada Author");
    expect(body.reactors.map(({ name, kind }) => ({ name, kind }))).toEqual([
      { name: "Cy Celebrant", kind: "celebrate" },
      { name: "Bob Liker", kind: "like" },
    ]);
    expect(body.closeTo).toBe(`/user/timeline#post-${postId}-reactions`);
  });

  test("a member who may not see the post gets 404 for reacting, for who reacted, and for its comments' reactions", async () => {
    const ada = await createSignedInMember();
    const friend = await createSignedInMember();
    const stranger = await createSignedInMember();
    await befriend(ada, friend);
    const forFriends = await insertPost(ada, "friends");
    const onlyMe = await insertPost(ada, "private");
    const commentId = await insertComment(forFriends, friend);

    expect((await reactToPost(friend, forFriends, "like")).status).toBe(302);
    expect((await reactToPost(stranger, forFriends, "like")).status).toBe(404);
    expect((await reactToPost(friend, onlyMe, "like")).status).toBe(404);
    expect((await reactToPost(stranger, forFriends, "remove")).status).toBe(404);
    expect((await reactToComment(stranger, forFriends, commentId, "like")).status).toBe(404);
    expect((await reactToPost(stranger, 999999, "like")).status).toBe(404);
    const who = await settle(() =>
      reactorsLoader(routeArgs(getRequest(`/user/timeline/post/${forFriends}/reactions`, stranger.cookie), { postId: String(forFriends) })),
    );
    expect(who.status).toBe(404);
    const commentWho = await settle(() =>
      commentReactorsLoader(
        routeArgs(getRequest(`/user/timeline/post/${forFriends}/comments/${commentId}/reactions`, stranger.cookie), {
          postId: String(forFriends),
          commentId: String(commentId),
        }),
      ),
    );
    expect(commentWho.status).toBe(404);
    const get = await settle(() => reactGet(routeArgs(getRequest(`/user/timeline/post/${forFriends}/react`, stranger.cookie), { postId: String(forFriends) })));
    expect(get.status).toBe(404);
    expect(await reactionRows(forFriends)).toEqual([{ member_id: friend.id, kind: "like" }]);
  });

  test("a comment of another post is 404 under this one", async () => {
    const ada = await createSignedInMember();
    const bob = await createSignedInMember();
    const first = await insertPost(ada);
    const second = await insertPost(ada);
    const commentId = await insertComment(second, ada);
    expect((await reactToComment(bob, first, commentId, "like")).status).toBe(404);
    expect((await reactToComment(bob, second, commentId, "like")).status).toBe(302);
  });
});

describe("reactions on a comment", () => {
  test("one per member, changeable, removable, shown under the comment", async () => {
    const ada = await createSignedInMember();
    const bob = await createSignedInMember();
    const postId = await insertPost(ada);
    const commentId = await insertComment(postId, ada);
    let response = await reactToComment(bob, postId, commentId, "insightful");
    expect(response.headers.get("Location")).toBe(`/user/timeline#comment-${commentId}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "You found this comment insightful." });
    await reactToComment(bob, postId, commentId, "like");
    const rows = await db.selectFrom("comment_reactions").select(["member_id", "kind"]).where("comment_id", "=", commentId).execute();
    expect(rows).toEqual([{ member_id: bob.id, kind: "like" }]);
    let post = await postAs(bob, postId);
    expect(post.comments[0].reactions).toEqual({ counts: { like: 1, celebrate: 0, insightful: 0 }, total: 1, mine: "like" });
    const who = await settle(() =>
      commentReactorsLoader(
        routeArgs(getRequest(`/user/timeline/post/${postId}/comments/${commentId}/reactions`, ada.cookie), {
          postId: String(postId),
          commentId: String(commentId),
        }),
      ),
    );
    expect(await who.json()).toMatchObject({
      title: `Reactions to the comment of ${ada.name}`,
      reactors: [{ id: bob.id, name: bob.name, kind: "like" }],
      closeTo: `/user/timeline/post/${postId}#comment-${commentId}`,
    });
    expect(post.reactions.total).toBe(0);
    response = await reactToComment(bob, postId, commentId, "remove");
    post = await postAs(bob, postId);
    expect(post.comments[0].reactions).toEqual(noReactions());
  });
});

describe("the author's grouped notification", () => {
  test("one notice per post while unseen, counting everyone; one e-mail, not one per reaction", async () => {
    const ada = await createSignedInMember({ name: "Ada Grouped", email: `ada-grouped-${Date.now()}@example.com` });
    const daniel = await createSignedInMember({ name: "Daniel" });
    const others = await Promise.all([1, 2, 3].map((n) => createSignedInMember({ name: `Other ${n}` })));
    const postId = await insertPost(ada);
    const mailsToAda = async () => (await listOutbox()).filter((message) => JSON.stringify(message.to).includes(ada.email));

    // Her own reaction tells her nothing.
    await reactToPost(ada, postId, "like");
    expect(await reactionNotices(ada.id)).toEqual([]);

    for (const other of others) await reactToPost(other, postId, "like");
    await reactToPost(daniel, postId, "celebrate");
    // A change of mind is no news.
    await reactToPost(daniel, postId, "insightful");
    const notices = await reactionNotices(ada.id);
    expect(notices).toEqual([
      { kind: "post_reaction", message: "Daniel and 3 others reacted to your post.", link_url: `/user/timeline/post/${postId}#post-${postId}`, read_at: null },
    ]);
    expect(await mailsToAda()).toHaveLength(1);

    // Seen: the next reaction starts a new notice (and one new e-mail).
    await settle(() => notificationsLoader(routeArgs(getRequest("/user/notifications", ada.cookie))));
    const late = await createSignedInMember({ name: "Late Lou" });
    await reactToPost(late, postId, "like");
    const after = await reactionNotices(ada.id);
    expect(after.map((notice) => [notice.message, notice.read_at === null])).toEqual([
      ["Daniel and 3 others reacted to your post.", false],
      ["Late Lou and 4 others reacted to your post.", true],
    ]);
    expect(await mailsToAda()).toHaveLength(2);
  });

  test("comments are grouped per comment; e-mail follows the member's preference", async () => {
    const ada = await createSignedInMember();
    const bob = await createSignedInMember({ name: "Bob Commenter", email: `bob-commenter-${Date.now()}@example.com` });
    const cy = await createSignedInMember({ name: "Cy" });
    const postId = await insertPost(ada);
    const commentId = await insertComment(postId, bob);
    await setEmailNotifications(bob.id, false);
    await reactToComment(ada, postId, commentId, "like");
    await reactToComment(cy, postId, commentId, "celebrate");
    expect(await reactionNotices(bob.id)).toEqual([
      {
        kind: "comment_reaction",
        message: "Cy and 1 other reacted to your comment.",
        link_url: `/user/timeline/post/${postId}#comment-${commentId}`,
        read_at: null,
      },
    ]);
    expect((await listOutbox()).filter((message) => JSON.stringify(message.to).includes(bob.email))).toEqual([]);
    // The post's author got nothing for reactions to someone else's comment.
    expect(await reactionNotices(ada.id)).toEqual([]);
  });

  test("a withdrawn reaction rewrites the unseen notice: the latest who still reacts, the others counted; none left, no notice", async () => {
    const ada = await createSignedInMember({ name: "Ada Withdrawn", email: `ada-withdrawn-${Date.now()}@example.com` });
    const postId = await insertPost(ada);
    const commentId = await insertComment(postId, ada);
    const others: TestMember[] = [];
    for (const n of [1, 2, 3]) {
      const other = await createSignedInMember({ name: `Other ${n}` });
      await reactToPost(other, postId, "like");
      others.push(other);
      // Their order is their reactions' time.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const daniel = await createSignedInMember({ name: "Daniel" });
    await reactToPost(daniel, postId, "celebrate");
    await reactToComment(daniel, postId, commentId, "like");
    await reactToComment(others[0], postId, commentId, "like");
    const mails = (await listOutbox()).filter((message) => JSON.stringify(message.to).includes(ada.email)).length;
    const messages = async () => (await reactionNotices(ada.id)).map((notice) => notice.message);
    expect(await messages()).toEqual(["Daniel and 3 others reacted to your post.", "Other 1 and 1 other reacted to your comment."]);

    // Rewritten in place: a withdrawal is no news, so the notice keeps its place in the list.
    await reactToPost(daniel, postId, "remove");
    expect(await messages()).toEqual(["Other 3 and 2 others reacted to your post.", "Other 1 and 1 other reacted to your comment."]);
    await reactToComment(others[0], postId, commentId, "remove");
    expect(await messages()).toEqual(["Other 3 and 2 others reacted to your post.", "Daniel reacted to your comment."]);
    await reactToComment(daniel, postId, commentId, "remove");
    expect(await messages()).toEqual(["Other 3 and 2 others reacted to your post."]);
    // Nothing of this is e-mailed: it only corrects the notice.
    expect((await listOutbox()).filter((message) => JSON.stringify(message.to).includes(ada.email))).toHaveLength(mails);

    // A notice already seen is history and stays as it was.
    await settle(() => notificationsLoader(routeArgs(getRequest("/user/notifications", ada.cookie))));
    await reactToPost(others[2], postId, "remove");
    expect(await messages()).toEqual(["Other 3 and 2 others reacted to your post."]);
  });

  test("only active members count: a disabled member's reaction is left out of counts, who reacted and the notice", async () => {
    const ada = await createSignedInMember({ name: "Ada Active" });
    const bob = await createSignedInMember({ name: "Bob Active" });
    const gone = await createSignedInMember({ name: "Gone Member" });
    const cy = await createSignedInMember({ name: "Cy Active" });
    const postId = await insertPost(ada);
    const commentId = await insertComment(postId, ada);
    await reactToPost(gone, postId, "like");
    await reactToComment(gone, postId, commentId, "celebrate");
    await db.updateTable("users").set({ disabled_at: nowIso() }).where("id", "=", gone.id).execute();
    await reactToPost(bob, postId, "like");
    await reactToComment(bob, postId, commentId, "like");

    const post = await postAs(cy, postId);
    expect(post.reactions).toEqual({ counts: { like: 1, celebrate: 0, insightful: 0 }, total: 1, mine: null });
    expect(post.comments[0].reactions).toEqual({ counts: { like: 1, celebrate: 0, insightful: 0 }, total: 1, mine: null });
    const who = await settle(() => reactorsLoader(routeArgs(getRequest(`/user/timeline/post/${postId}/reactions`, cy.cookie), { postId: String(postId) })));
    expect(((await who.json()) as { reactors: { name: string }[] }).reactors.map((reactor) => reactor.name)).toEqual(["Bob Active"]);
    // The notices were rewritten by Bob's reactions: the disabled member is no longer counted.
    expect((await reactionNotices(ada.id)).map((notice) => notice.message)).toEqual([
      "Bob Active reacted to your post.",
      "Bob Active reacted to your comment.",
    ]);
  });

  test("the message reads well for one, two and more", () => {
    expect(reactionMessage("Daniel", 0, { type: "post", postId: 1 })).toBe("Daniel reacted to your post.");
    expect(reactionMessage("Daniel", 1, { type: "comment", postId: 1, commentId: 2 })).toBe("Daniel and 1 other reacted to your comment.");
    expect(reactionMessage("Daniel", 3, { type: "post", postId: 1 })).toBe("Daniel and 3 others reacted to your post.");
  });
});

describe("the timeline page", () => {
  test("its posts and comments carry their reactions, read in one query for posts and one for comments", async () => {
    const ada = await createSignedInMember();
    const bob = await createSignedInMember();
    const first = await insertPost(ada);
    const second = await insertPost(ada);
    const commentId = await insertComment(first, bob);
    await reactToPost(bob, first, "like");
    await reactToPost(bob, second, "insightful");
    await reactToComment(ada, first, commentId, "celebrate");

    const executor = db.getExecutor();
    const run = vi.spyOn(executor, "executeQuery");
    const response = await settle(() => timelineLoader(routeArgs(getRequest("/user/timeline", bob.cookie))));
    const statements = run.mock.calls.map(([query]) => query.sql);
    run.mockRestore();
    const page = (await response.json()) as { posts: PagePost[] };
    const byId = new Map(page.posts.map((post) => [post.id, post]));
    expect(byId.get(first)!.reactions).toMatchObject({ total: 1, mine: "like" });
    expect(byId.get(second)!.reactions).toMatchObject({ total: 1, mine: "insightful" });
    expect(byId.get(first)!.comments[0].reactions).toMatchObject({ counts: { celebrate: 1 }, mine: null });
    expect(statements.filter((sql) => sql.includes("post_reactions"))).toHaveLength(1);
    expect(statements.filter((sql) => sql.includes("comment_reactions"))).toHaveLength(1);
  });

  test("the buttons' state follows the choice at once (what a fetcher shows)", () => {
    const summary = { counts: { like: 2, celebrate: 0, insightful: 0 }, total: 2, mine: "like" as const };
    expect(withChoice(summary, "celebrate")).toEqual({ counts: { like: 1, celebrate: 1, insightful: 0 }, total: 2, mine: "celebrate" });
    expect(withChoice(summary, "remove")).toEqual({ counts: { like: 1, celebrate: 0, insightful: 0 }, total: 1, mine: null });
    expect(withChoice(noReactions(), "like")).toEqual({ counts: { like: 1, celebrate: 0, insightful: 0 }, total: 1, mine: "like" });
    expect(withChoice(summary, null)).toBe(summary);
  });
});
