import { db, nowIso } from "~/lib/db.server";
import { visibleTo } from "./posts.server";

// Comments (SPEC.md §3 Comment): anyone who may see a post may comment on it; a comment can
// be deleted by its author and by the post's author, by nobody else.

export async function addComment(postId: number, authorId: number, message: string) {
  const { id } = await db
    .insertInto("comments")
    .values({ post_id: postId, author_id: authorId, message, created_at: nowIso() })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The comment, when `memberId` may delete it (its author or the post's, and the post is
 * still visible to them); null otherwise. */
export async function deletableComment(memberId: number, id: number) {
  const row = await db
    .selectFrom("comments")
    .innerJoin("posts", "posts.id", "comments.post_id")
    .select(["comments.id", "comments.post_id", "comments.message"])
    .where("comments.id", "=", id)
    .where((eb) => eb.or([eb("comments.author_id", "=", memberId), eb("posts.author_id", "=", memberId)]))
    .where((eb) => visibleTo(eb, memberId))
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteComment(commentId: number) {
  await db.deleteFrom("comments").where("id", "=", commentId).execute();
}

export async function commentCount(postId: number) {
  const row = await db
    .selectFrom("comments")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where("post_id", "=", postId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The comment and its author, when the comment is under this post (the caller has checked
 * that the member may see the post); null otherwise. */
export async function commentOfPost(postId: number, commentId: number) {
  const row = await db
    .selectFrom("comments")
    .innerJoin("users", "users.id", "comments.author_id")
    .select(["comments.id", "comments.author_id", "users.name"])
    .where("comments.id", "=", commentId)
    .where("comments.post_id", "=", postId)
    .executeTakeFirst();
  return row ? { id: row.id, authorId: row.author_id, authorName: row.name } : null;
}
