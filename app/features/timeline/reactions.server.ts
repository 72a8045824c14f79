import { type Kysely, sql } from "kysely";
import { addNotification, mailNotification, type NewNotification } from "~/features/notifications/notifications.server";
import { compiledPerCount, rowsOf } from "~/lib/compiled-query.server";
import type { DB } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { fileUrl } from "~/lib/files.server";
import { noReactions, type ReactionKind, type ReactionSummary } from "./reactions";

// Reactions on posts and comments: one per member per post or comment (the tables' keys),
// changed in place or taken back. Only a member who may see the post reaches these (the
// routes look the post up with `getPost` first). Only active members' reactions count: a
// disabled (or deleted) member's stay stored but are left out of counts, lists and notices
// (the `not exists` reads the partial index of disabled members).

/** A post, or a comment (with its post, for the links). */
export type ReactionTarget = { type: "post"; postId: number } | { type: "comment"; postId: number; commentId: number };

/** How many of each reaction, and whether the viewer gave it, for each of these posts: one query for the page. */
const postReactionCounts = compiledPerCount(
  (_count) =>
    (viewerId: number, ...postIds: number[]) =>
      db
        .selectFrom("post_reactions")
        .select((eb) => [
          "post_reactions.post_id as id",
          "post_reactions.kind",
          eb.fn.countAll<number>().as("count"),
          sql<number>`sum(case when ${eb.ref("post_reactions.member_id")} = ${viewerId} then 1 else 0 end)`.as("mine"),
        ])
        .where("post_reactions.post_id", "in", postIds)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom("users").select("users.id").whereRef("users.id", "=", "post_reactions.member_id").where("users.disabled_at", "is not", null))),
        )
        .groupBy(["post_reactions.post_id", "post_reactions.kind"]),
);

/** The same for comments: one query for all the comments on the page. */
const commentReactionCounts = compiledPerCount(
  (_count) =>
    (viewerId: number, ...commentIds: number[]) =>
      db
        .selectFrom("comment_reactions")
        .select((eb) => [
          "comment_reactions.comment_id as id",
          "comment_reactions.kind",
          eb.fn.countAll<number>().as("count"),
          sql<number>`sum(case when ${eb.ref("comment_reactions.member_id")} = ${viewerId} then 1 else 0 end)`.as("mine"),
        ])
        .where("comment_reactions.comment_id", "in", commentIds)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(selectFrom("users").select("users.id").whereRef("users.id", "=", "comment_reactions.member_id").where("users.disabled_at", "is not", null)),
          ),
        )
        .groupBy(["comment_reactions.comment_id", "comment_reactions.kind"]),
);

function summaries(rows: { id: number; kind: ReactionKind; count: number | string | bigint; mine: number | string | bigint | null }[]) {
  const byId = new Map<number, ReactionSummary>();
  for (const row of rows) {
    const summary = byId.get(row.id) ?? noReactions();
    const count = Number(row.count);
    summary.counts[row.kind] = count;
    summary.total += count;
    if (Number(row.mine ?? 0) > 0) summary.mine = row.kind;
    byId.set(row.id, summary);
  }
  return byId;
}

/** Each post's reactions (posts without any are left out). */
export async function reactionsOfPosts(viewerId: number, postIds: number[]) {
  if (postIds.length === 0) return new Map<number, ReactionSummary>();
  return summaries(await rowsOf(postReactionCounts(postIds.length)(viewerId, ...postIds)));
}

/** Each comment's reactions (comments without any are left out). */
export async function reactionsOfComments(viewerId: number, commentIds: number[]) {
  if (commentIds.length === 0) return new Map<number, ReactionSummary>();
  return summaries(await rowsOf(commentReactionCounts(commentIds.length)(viewerId, ...commentIds)));
}

/** The member's reaction, now; null for none. */
async function reactionOf(target: ReactionTarget, memberId: number) {
  const row =
    target.type === "post"
      ? await db.selectFrom("post_reactions").select("kind").where("post_id", "=", target.postId).where("member_id", "=", memberId).executeTakeFirst()
      : await db.selectFrom("comment_reactions").select("kind").where("comment_id", "=", target.commentId).where("member_id", "=", memberId).executeTakeFirst();
  return row?.kind ?? null;
}

/**
 * Gives the member's reaction (replacing theirs, if they had another). Answers "added" for a
 * first reaction, "changed" or "unchanged" otherwise: only a first one is news to the author.
 */
export async function react(target: ReactionTarget, memberId: number, kind: ReactionKind) {
  const before = await reactionOf(target, memberId);
  const values = { member_id: memberId, kind, created_at: nowIso() };
  if (target.type === "post") {
    await db
      .insertInto("post_reactions")
      .values({ post_id: target.postId, ...values })
      .onConflict((oc) => oc.columns(["post_id", "member_id"]).doUpdateSet({ kind }))
      .execute();
  } else {
    await db
      .insertInto("comment_reactions")
      .values({ comment_id: target.commentId, ...values })
      .onConflict((oc) => oc.columns(["comment_id", "member_id"]).doUpdateSet({ kind }))
      .execute();
  }
  return before === null ? "added" : before === kind ? "unchanged" : "changed";
}

/** Takes the member's reaction back (none to take back is fine), and corrects the author's
 * unseen notice of it (`authorId`: the post's or comment's author). */
export async function unreact(target: ReactionTarget, memberId: number, authorId: number) {
  await db.transaction().execute(async (trx) => {
    if (target.type === "post") await trx.deleteFrom("post_reactions").where("post_id", "=", target.postId).where("member_id", "=", memberId).execute();
    else await trx.deleteFrom("comment_reactions").where("comment_id", "=", target.commentId).where("member_id", "=", memberId).execute();
    if (memberId !== authorId) await rewriteUnseenNotice(trx, target, authorId);
  });
}

/** Who reacted and how, newest first. */
export async function reactorsOf(target: ReactionTarget) {
  const rows =
    target.type === "post"
      ? await db
          .selectFrom("post_reactions as r")
          .innerJoin("users", "users.id", "r.member_id")
          .leftJoin("files as avatar", "avatar.id", "users.profile_image_id")
          .select(["users.id", "users.name", "avatar.token as avatar_token", "r.kind", "r.created_at"])
          .where("r.post_id", "=", target.postId)
          .where("users.disabled_at", "is", null)
          .orderBy("r.created_at", "desc")
          .orderBy("users.id")
          .execute()
      : await db
          .selectFrom("comment_reactions as r")
          .innerJoin("users", "users.id", "r.member_id")
          .leftJoin("files as avatar", "avatar.id", "users.profile_image_id")
          .select(["users.id", "users.name", "avatar.token as avatar_token", "r.kind", "r.created_at"])
          .where("r.comment_id", "=", target.commentId)
          .where("users.disabled_at", "is", null)
          .orderBy("r.created_at", "desc")
          .orderBy("users.id")
          .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, avatarUrl: row.avatar_token ? fileUrl(row.avatar_token, "thumbnail") : null, kind: row.kind }));
}

/** The active members other than the author reacting now: how many, and the latest of them. */
async function reactingNow(executor: Kysely<DB>, target: ReactionTarget, authorId: number) {
  const query =
    target.type === "post"
      ? executor.selectFrom("post_reactions as r").where("r.post_id", "=", target.postId)
      : executor.selectFrom("comment_reactions as r").where("r.comment_id", "=", target.commentId);
  const rows = await query
    .innerJoin("users", "users.id", "r.member_id")
    .select((eb) => ["users.id", "users.name", eb.fn.countAll<number>().over().as("count")])
    .where("r.member_id", "!=", authorId)
    .where("users.disabled_at", "is", null)
    .orderBy("r.created_at", "desc")
    .orderBy("users.id", "desc")
    .limit(1)
    .execute();
  const latest = rows[0];
  return latest ? { latest: { id: latest.id, name: latest.name }, count: Number(latest.count) } : { latest: null, count: 0 };
}

export const REACTION_NOTIFICATION_KINDS = { post: "post_reaction", comment: "comment_reaction" } as const;

/** Where a reaction's notification sends the author. */
export function reactionLink(target: ReactionTarget) {
  return target.type === "post"
    ? `/user/timeline/post/${target.postId}#post-${target.postId}`
    : `/user/timeline/post/${target.postId}#comment-${target.commentId}`;
}

/** "Daniel reacted to your post." / "Daniel and 3 others reacted to your comment." */
export function reactionMessage(latest: string, others: number, target: ReactionTarget) {
  const what = target.type === "post" ? "your post" : "your comment";
  if (others <= 0) return `${latest} reacted to ${what}.`;
  return `${latest} and ${others} ${others === 1 ? "other" : "others"} reacted to ${what}.`;
}

/**
 * Rewrites the author's unseen grouped notice after a reaction was taken back, in place (a
 * withdrawal is no news: no e-mail, and the notice keeps its place): it names the latest member
 * still reacting and counts the others; with no one left it goes. A notice already seen is
 * history and stays as it was.
 */
async function rewriteUnseenNotice(trx: Kysely<DB>, target: ReactionTarget, authorId: number) {
  const unseen = unseenNotices(trx, target, authorId);
  const now = await reactingNow(trx, target, authorId);
  if (!now.latest) {
    await trx.deleteFrom("notifications").where("id", "in", unseen).execute();
    return;
  }
  await trx
    .updateTable("notifications")
    .set({ message: reactionMessage(now.latest.name, now.count - 1, target), actor_id: now.latest.id })
    .where("id", "in", unseen)
    .execute();
}

/** The ids of the author's unseen notices of reactions to this post or comment. */
function unseenNotices(trx: Kysely<DB>, target: ReactionTarget, authorId: number) {
  return trx
    .selectFrom("notifications")
    .select("id")
    .where("member_id", "=", authorId)
    .where("kind", "=", REACTION_NOTIFICATION_KINDS[target.type])
    .where("link_url", "=", reactionLink(target))
    .where("read_at", "is", null);
}

/**
 * Tells the author of the post or comment that `reactor` reacted, grouped: while the author has
 * not seen the notice for this post or comment, it is replaced by one that counts everyone
 * (and comes to the top of their list); only a new notice is e-mailed, so a popular post sends
 * one e-mail between two visits, not one per reaction.
 */
export async function notifyReaction(target: ReactionTarget, authorId: number, reactor: { id: number; name: string }, origin: string) {
  if (authorId === reactor.id) return;
  const others = (await reactingNow(db, target, authorId)).count - 1;
  const kind = REACTION_NOTIFICATION_KINDS[target.type];
  const linkPath = reactionLink(target);
  const message = reactionMessage(reactor.name, others, target);
  const notification: NewNotification = {
    memberId: authorId,
    kind,
    message,
    linkPath,
    actorId: reactor.id,
    email: {
      subject: `${reactor.name} reacted to ${target.type === "post" ? "your post" : "your comment"} on Chapter`,
      text: `${message}\n\nSee it here: ${origin}${linkPath}\n\nYou can turn these e-mails off in your settings: ${origin}/user/settings/notifications\n`,
    },
  };
  const fresh = await db.transaction().execute(async (trx) => {
    const unseen = await trx
      .deleteFrom("notifications")
      .where("member_id", "=", authorId)
      .where("kind", "=", kind)
      .where("link_url", "=", linkPath)
      .where("read_at", "is", null)
      .returning("id")
      .execute();
    await addNotification(trx, notification);
    return unseen.length === 0;
  });
  if (fresh) await mailNotification(notification);
}
