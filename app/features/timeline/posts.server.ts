import type { PostPrivacy } from "~/lib/db-schema";
import { compiledPerCount, compiledPerLimit, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import type { StoredFile } from "~/lib/uploads.server";
import { friendIds } from "~/features/social/friendship.server";
import { noReactions, type ReactionSummary } from "./reactions";
import { reactionsOfComments, reactionsOfPosts } from "./reactions.server";
import { visibleTo } from "./visibility.server";

export { visibleTo };

// Posts of the timeline (SPEC.md §1 Timeline, §3 Post): who may see what, the feed and a
// member's posts (newest first, keyset pages), one post, and writing, editing and deleting.
//

export const PAGE_SIZE = 20;
/** Photos and videos one post may carry. */
export const MAX_POST_FILES = 20;
/** Files uploaded for a post that was never sent are deleted after this long. */
export const UNATTACHED_FILE_TTL_MS = 24 * 60 * 60 * 1000;

function postsQuery(viewerId: number) {
  return db
    .selectFrom("posts")
    .innerJoin("users", "users.id", "posts.author_id")
    .leftJoin("files as avatar", "avatar.id", "users.profile_image_id")
    .where((eb) => visibleTo(eb, viewerId))
    .select([
      "posts.id",
      "posts.author_id",
      "posts.message",
      "posts.privacy",
      "posts.created_at",
      "posts.updated_at",
      "users.name as author_name",
      "avatar.token as avatar_token",
    ]);
}

/** The viewer's visible posts among these ids, newest first. */
const postsByIds = compiledPerCount(
  (_count) =>
    (viewerId: number, ...ids: number[]) =>
      postsQuery(viewerId).where("posts.id", "in", ids).orderBy("posts.id", "desc"),
);

const filesOfPosts = compiledPerCount(
  (_count) =>
    (...postIds: number[]) =>
      db
        .selectFrom("post_files")
        .innerJoin("files", "files.id", "post_files.file_id")
        .select([
          "post_files.post_id",
          "files.id",
          "files.token",
          "files.original_name",
          "files.media_type",
          "files.thumbnail_key",
          "files.width",
          "files.height",
        ])
        .where("post_files.post_id", "in", postIds)
        .orderBy("post_files.post_id")
        .orderBy("post_files.position")
        .orderBy("files.id"),
);

const commentsOfPosts = compiledPerCount(
  (_count) =>
    (...postIds: number[]) =>
      db
        .selectFrom("comments")
        .innerJoin("users", "users.id", "comments.author_id")
        .leftJoin("files as avatar", "avatar.id", "users.profile_image_id")
        .select([
          "comments.id",
          "comments.post_id",
          "comments.author_id",
          "comments.message",
          "comments.created_at",
          "users.name",
          "avatar.token as avatar_token",
        ])
        .where("comments.post_id", "in", postIds)
        .orderBy("comments.post_id")
        .orderBy("comments.id"),
);

/** Comments shown under each post in a list; the post's page shows them all. */
const LIST_COMMENTS = 3;

/**
 * The last few comments of each post (`LIST_COMMENTS`), each read newest first from the index of
 * (post, id) and stopped there: for the posts with many comments, whose every comment the
 * lists used to read to keep the last few (a thousand comments on one post cost every page that
 * listed it ~1.3 ms; read so, ~0.1 ms).
 */
const latestCommentsOfPosts = compiledPerCount((_count) => (...postIds: number[]) => {
  const latestOf = (postId: number) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("comments")
          .select(["comments.id", "comments.post_id", "comments.author_id", "comments.message", "comments.created_at"])
          .where("comments.post_id", "=", postId)
          .orderBy("comments.id", "desc")
          .limit(LIST_COMMENTS)
          .as("latest"),
      )
      .selectAll();
  const [first, ...rest] = postIds;
  const picked = rest.reduce((union, postId) => union.unionAll(latestOf(postId)), latestOf(first));
  return db
    .selectFrom(picked.as("picked"))
    .innerJoin("users", "users.id", "picked.author_id")
    .leftJoin("files as avatar", "avatar.id", "users.profile_image_id")
    .select(["picked.id", "picked.post_id", "picked.author_id", "picked.message", "picked.created_at", "users.name", "avatar.token as avatar_token"])
    .orderBy("picked.post_id")
    .orderBy("picked.id");
});

/** How many comments each post has (those without any are left out), from the index alone.
 * Every comment has its author (the key cascades): the same count as `commentsOfPosts`'. */
const commentCountsOfPosts = compiledPerCount(
  (_count) =>
    (...postIds: number[]) =>
      db
        .selectFrom("comments")
        .select((eb) => ["comments.post_id", eb.fn.countAll<number>().as("count")])
        .where("comments.post_id", "in", postIds)
        .groupBy("comments.post_id"),
);

type PostRow = Awaited<ReturnType<ReturnType<typeof postsQuery>["execute"]>>[number];

export type PostFile = {
  id: number;
  token: string;
  name: string;
  family: "image" | "video";
  url: string;
  thumbnailUrl: string | null;
  width: number | null;
  height: number | null;
};

export type PostComment = {
  id: number;
  authorId: number;
  authorName: string;
  avatarUrl: string | null;
  message: string;
  createdAt: string;
  canDelete: boolean;
  reactions: ReactionSummary;
};

export type PostView = {
  id: number;
  author: { id: number; name: string; avatarUrl: string | null };
  message: string;
  privacy: PostPrivacy;
  createdAt: string;
  edited: boolean;
  files: PostFile[];
  comments: PostComment[];
  commentCount: number;
  reactions: ReactionSummary;
  mine: boolean;
};

async function filesOf(postIds: number[]) {
  if (postIds.length === 0) return new Map<number, PostFile[]>();
  const rows = await rowsOf(filesOfPosts(postIds.length)(...postIds));
  const byPost = new Map<number, PostFile[]>();
  for (const row of rows) {
    const list = byPost.get(row.post_id) ?? [];
    list.push({
      id: row.id,
      token: row.token,
      name: row.original_name,
      family: row.media_type.startsWith("image/") ? "image" : "video",
      url: fileUrl(row.token),
      thumbnailUrl: row.thumbnail_key ? fileUrl(row.token, "thumbnail") : null,
      width: row.width,
      height: row.height,
    });
    byPost.set(row.post_id, list);
  }
  return byPost;
}

/** A post with more comments than this has only its last few read for a list
 * (`latestCommentsOfPosts`); up to this many, all are read, in one query with the other posts'
 * (for a page of posts with a few comments each, cheaper than reading each post's last few). */
const FEW_COMMENTS = 20;

/** Comments of the posts, oldest first, and how many each has: all of them, or the last few
 * of each (`LIST_COMMENTS`, for the lists). */
async function commentsOf(postIds: number[], viewerId: number, authors: Map<number, number>, onlyLatest: boolean) {
  const result = new Map<number, { comments: PostComment[]; count: number }>();
  if (postIds.length === 0) return result;
  let rows;
  if (onlyLatest) {
    const counts = (await rowsOf(commentCountsOfPosts(postIds.length)(...postIds))).map((row) => ({ postId: row.post_id, count: Number(row.count) }));
    const few = counts.filter(({ count }) => count <= FEW_COMMENTS).map(({ postId }) => postId);
    const many = counts.filter(({ count }) => count > FEW_COMMENTS).map(({ postId }) => postId);
    const [all, latest] = await Promise.all([
      few.length ? rowsOf(commentsOfPosts(few.length)(...few)) : [],
      many.length ? rowsOf(latestCommentsOfPosts(many.length)(...many)) : [],
    ]);
    rows = [...all, ...latest];
    for (const { postId, count } of counts) result.set(postId, { comments: [], count });
  } else {
    rows = await rowsOf(commentsOfPosts(postIds.length)(...postIds));
  }
  for (const row of rows) {
    const entry = result.get(row.post_id) ?? { comments: [], count: 0 };
    if (!onlyLatest) entry.count += 1;
    entry.comments.push({
      id: row.id,
      authorId: row.author_id,
      authorName: row.name,
      avatarUrl: row.avatar_token ? fileUrl(row.avatar_token, "thumbnail") : null,
      message: row.message,
      createdAt: row.created_at,
      canDelete: row.author_id === viewerId || authors.get(row.post_id) === viewerId,
      reactions: noReactions(),
    });
    result.set(row.post_id, entry);
  }
  if (onlyLatest) for (const entry of result.values()) entry.comments = entry.comments.slice(-LIST_COMMENTS);
  return result;
}

/** What a post shows of its own row, wherever it is listed. Its lists add their fields with
 * Object.assign: an object spread (`{ ...postHead(row), edited }`) and then more properties
 * took V8 (Node 20) ~0.5 µs a property, ~60 µs for a page of 21 posts, against ~1.5 µs. */
function postHead(row: Omit<PostRow, "updated_at">) {
  return {
    id: row.id,
    author: { id: row.author_id, name: row.author_name, avatarUrl: row.avatar_token ? fileUrl(row.avatar_token, "thumbnail") : null },
    message: row.message,
    privacy: row.privacy,
    createdAt: row.created_at,
  };
}

async function present(rows: PostRow[], viewerId: number, onlyLatestComments: boolean): Promise<PostView[]> {
  const ids = rows.map((row) => row.id);
  const files = await filesOf(ids);
  const comments = await commentsOf(ids, viewerId, new Map(rows.map((row) => [row.id, row.author_id])), onlyLatestComments);
  // One query for the posts' reactions and one for those of the comments shown, whatever the page's size.
  const shownComments = [...comments.values()].flatMap((entry) => entry.comments);
  const [postReactions, commentReactions] = await Promise.all([
    reactionsOfPosts(viewerId, ids),
    reactionsOfComments(
      viewerId,
      shownComments.map((comment) => comment.id),
    ),
  ]);
  for (const comment of shownComments) comment.reactions = commentReactions.get(comment.id) ?? comment.reactions;
  return rows.map((row) =>
    Object.assign(postHead(row), {
      edited: row.updated_at !== row.created_at,
      files: files.get(row.id) ?? [],
      comments: comments.get(row.id)?.comments ?? [],
      commentCount: comments.get(row.id)?.count ?? 0,
      reactions: postReactions.get(row.id) ?? noReactions(),
      mine: row.author_id === viewerId,
    }),
  );
}

/**
 * A page of the posts the viewer may see, newest first: the whole feed, or one author's.
 * `before` is the id of the last post of the previous page (keyset paging: no offset to
 * count through, and a new post does not shift the pages).
 */
export async function listPosts(viewerId: number, { before, authorId }: { before?: number | null; authorId?: number } = {}) {
  const ids = authorId === undefined ? await feedIds(viewerId, before ?? null) : await authorPostIds(viewerId, authorId, before ?? null);
  const page = ids.slice(0, PAGE_SIZE);
  const rows = page.length ? await rowsOf(postsByIds(page.length)(viewerId, ...page)) : [];
  return {
    posts: await present(rows, viewerId, true),
    nextBefore: ids.length > PAGE_SIZE ? page[page.length - 1] : null,
  };
}

/** The viewer's visible posts among these ids, newest first, with how many files and comments
 * each has (counted as the lists count them), but not the files and comments themselves. */
const postSummariesByIds = compiledPerCount(
  (_count) =>
    (viewerId: number, ...ids: number[]) =>
      postsQuery(viewerId)
        .select((eb) => [
          eb
            .selectFrom("post_files")
            .innerJoin("files", "files.id", "post_files.file_id")
            .whereRef("post_files.post_id", "=", "posts.id")
            .select(eb.fn.countAll<number>().as("n"))
            .as("file_count"),
          eb.selectFrom("comments").whereRef("comments.post_id", "=", "posts.id").select(eb.fn.countAll<number>().as("n")).as("comment_count"),
        ])
        .where("posts.id", "in", ids)
        .orderBy("posts.id", "desc"),
);

/**
 * The newest `count` posts of the viewer's feed, by the feed's own rules, as the home page
 * lists them: how many files and comments each has rather than the files and comments (one
 * query where a page of the feed takes three).
 */
export async function latestPosts(viewerId: number, count = 3) {
  const ids = await feedIds(viewerId, null, count);
  const rows = ids.length ? await rowsOf(postSummariesByIds(ids.length)(viewerId, ...ids)) : [];
  return rows.map((row) => Object.assign(postHead(row), { fileCount: Number(row.file_count ?? 0), commentCount: Number(row.comment_count ?? 0) }));
}

/**
 * Posts newest first, without those of disabled members. Each post's author is looked up by
 * key as the walk reaches it: `author_id not in (the disabled members)` built that list anew
 * on every run, which grew with them (2,000 disabled of 100,000 members: ~0.3 ms a walk
 * instead of ~0.01, three walks a page).
 */
function pageOfIds(before: number | null, count = PAGE_SIZE + 1) {
  let query = db
    .selectFrom("posts")
    .select("posts.id")
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("users").select("users.id").whereRef("users.id", "=", "posts.author_id").where("users.disabled_at", "is not", null))),
    );
  if (before) query = query.where("posts.id", "<", before);
  return query.orderBy("posts.id", "desc").limit(count);
}

/**
 * The ids of the feed's next page (one more than a page, to know whether there is another), or
 * its newest `count` (the home page's few: each walk then stops after as many).
 * One "author or public or friend's" condition would make the database gather every public
 * post and sort them; three index walks newest-first (own posts, public posts, friends'
 * posts), merged here, read about a page each whatever the club's size.
 */
async function feedIds(viewerId: number, before: number | null, count = PAGE_SIZE + 1) {
  const [own, everyone, friends] = await Promise.all([ownWalk(before, count, viewerId), publicWalk(before, count), friendsWalk(before, count, viewerId)]);
  const ids = new Set([...own, ...everyone, ...friends].map((row) => row.id));
  return [...ids].sort((a, b) => b - a).slice(0, count);
}

type IdsQuery = ReturnType<typeof pageOfIds>;

/** One of the feed's walks, compiled once for each count, from the newest post and from before one. */
function walkOf<Args extends unknown[]>(narrow: (query: IdsQuery, ...args: Args) => IdsQuery) {
  const newest = compiledPerLimit(
    (limit) =>
      (...args: Args) =>
        narrow(pageOfIds(null, limit), ...args),
  );
  const older = compiledPerLimit(
    (limit) =>
      (before: number, ...args: Args) =>
        narrow(pageOfIds(before, limit), ...args),
  );
  return (before: number | null, count: number, ...args: Args) => rowsOf(before ? older(count)(before, ...args) : newest(count)(...args));
}

const ownWalk = walkOf((query, viewerId: number) => query.where("posts.author_id", "=", viewerId));
const publicWalk = walkOf((query) => query.where("posts.privacy", "=", "public"));
const friendsWalk = walkOf((query, viewerId: number) =>
  query.where("posts.privacy", "=", "friends").where((eb) => eb("posts.author_id", "in", friendIds(eb as never, viewerId))),
);

/** One author's posts the viewer may see (the author's index gives them newest first). */
async function authorPostIds(viewerId: number, authorId: number, before: number | null) {
  const rows = await pageOfIds(before)
    .where("posts.author_id", "=", authorId)
    .where((eb) => visibleTo(eb, viewerId))
    .execute();
  return rows.map((row) => row.id);
}

/** One post with all its comments, if the viewer may see it. */
export async function getPost(viewerId: number, postId: number) {
  const row = await postsQuery(viewerId).where("posts.id", "=", postId).where("users.disabled_at", "is", null).executeTakeFirst();
  if (!row) return null;
  const [post] = await present([row], viewerId, false);
  return post;
}

/** The member's own post (for editing or deleting); null for anyone else's. */
export async function getOwnPost(memberId: number, postId: number) {
  const post = await getPost(memberId, postId);
  return post?.mine ? post : null;
}

/** SPEC.md §7 GET /user/ajax/post/post_id/{post_id}. */
export function postJson(post: PostView) {
  const families = new Set(post.files.map((file) => file.family));
  return {
    id: post.id,
    content: post.message,
    type: families.size === 0 ? "text" : families.size === 1 ? [...families][0] : "mixed",
    privacy: post.privacy,
    post_files: post.files.map((file) => ({ id: file.id, filename: file.token, file_type: file.family, url: file.url, thumbnailUrl: file.thumbnailUrl })),
  };
}

// --- Writing ----------------------------------------------------------------------------

/** The member's uploaded post files that belong to no post yet, by the names (tokens) the
 * upload answered; anything else is ignored. */
async function unattachedFiles(memberId: number, tokens: string[]) {
  if (tokens.length === 0) return [];
  return db
    .selectFrom("files")
    .leftJoin("post_files", "post_files.file_id", "files.id")
    .select(["files.id", "files.token"])
    .where("files.owner_id", "=", memberId)
    .where("files.kind", "=", "post_media")
    .where("post_files.post_id", "is", null)
    .where("files.token", "in", tokens)
    .execute();
}

/** Deletes the member's post uploads that never became part of a post and are older than a
 * day (a form left open, a tab closed mid-way). Run when they post again. */
export async function cleanUpUnattached(memberId: number) {
  const cutoff = new Date(Date.now() - UNATTACHED_FILE_TTL_MS).toISOString();
  const stale = await db
    .selectFrom("files")
    .leftJoin("post_files", "post_files.file_id", "files.id")
    .select("files.id")
    .where("files.owner_id", "=", memberId)
    .where("files.kind", "=", "post_media")
    .where("post_files.post_id", "is", null)
    .where("files.created_at", "<", cutoff)
    .execute();
  for (const { id } of stale) await deleteFile(id);
}

/** An unattached upload of the member's, by its name (SPEC.md upload_post_file/delete). */
export async function deleteUnattachedUpload(memberId: number, token: string) {
  const [file] = await unattachedFiles(memberId, [token]);
  if (!file) return false;
  await deleteFile(file.id);
  return true;
}

export type PostInput = { message: string; privacy: PostPrivacy };

async function attach(postId: number, fileIds: number[], from: number) {
  if (fileIds.length === 0) return;
  await db
    .insertInto("post_files")
    .values(fileIds.map((fileId, index) => ({ post_id: postId, file_id: fileId, position: from + index })))
    .execute();
}

/** How many files the post would have; the form refuses more than MAX_POST_FILES and a post
 * with neither text nor files. */
export async function claimableFiles(memberId: number, tokens: string[]) {
  const wanted = [...new Set(tokens)].slice(0, MAX_POST_FILES);
  const found = await unattachedFiles(memberId, wanted);
  // In the order the form lists them (the order they were chosen).
  return found.sort((a, b) => wanted.indexOf(a.token) - wanted.indexOf(b.token));
}

export async function createPost(memberId: number, input: PostInput, { claimed, uploaded }: { claimed: { id: number }[]; uploaded: StoredFile[] }) {
  const now = nowIso();
  const { id } = await db
    .insertInto("posts")
    .values({ author_id: memberId, message: input.message, privacy: input.privacy, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await attach(id, [...claimed.map((file) => file.id), ...uploaded.map((file) => file.id)], 0);
  await cleanUpUnattached(memberId);
  return id;
}

/** Saves an edit: the kept files stay (in their order), the others are deleted from disk,
 * the new ones are added after them. */
export async function updatePost(
  post: PostView,
  input: PostInput,
  { keep, claimed, uploaded }: { keep: number[]; claimed: { id: number }[]; uploaded: StoredFile[] },
) {
  const kept = post.files.filter((file) => keep.includes(file.id));
  const removed = post.files.filter((file) => !keep.includes(file.id));
  await db.updateTable("posts").set({ message: input.message, privacy: input.privacy, updated_at: nowIso() }).where("id", "=", post.id).execute();
  for (const file of removed) {
    await db.deleteFrom("post_files").where("file_id", "=", file.id).execute();
    await deleteFile(file.id);
  }
  const last = await db
    .selectFrom("post_files")
    .select((eb) => eb.fn.max("position").as("position"))
    .where("post_id", "=", post.id)
    .executeTakeFirst();
  await attach(post.id, [...claimed.map((file) => file.id), ...uploaded.map((file) => file.id)], Number(last?.position ?? -1) + 1);
  await cleanUpUnattached(post.author.id);
  return { kept: kept.length, removed: removed.length };
}

/** Deletes the post, its comments and its files (rows and bytes). */
export async function deletePost(post: PostView) {
  await db.deleteFrom("comments").where("post_id", "=", post.id).execute();
  await db.deleteFrom("post_files").where("post_id", "=", post.id).execute();
  await db.deleteFrom("posts").where("id", "=", post.id).where("author_id", "=", post.author.id).execute();
  for (const file of post.files) await deleteFile(file.id);
}
