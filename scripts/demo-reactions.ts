// The demo's reactions: members reacting to each other's posts, and a comment with a reaction,
// so the timeline shows counts and the authors a grouped notification. Written through the
// timeline's own functions; run again, it adds nothing (one reaction per member per post).
import { addComment } from "../app/features/timeline/comments.server.ts";
import { getPost, listPosts } from "../app/features/timeline/posts.server.ts";
import type { ReactionKind } from "../app/features/timeline/reactions.ts";
import { notifyReaction, react } from "../app/features/timeline/reactions.server.ts";

type DemoMember = { id: number; name: string };

/** [reactor, author of the post (its first demo post), reaction], by demo member index. */
const POST_REACTIONS: [number, number, ReactionKind][] = [
  [0, 1, "celebrate"],
  [2, 1, "insightful"],
  [4, 1, "like"],
  [0, 3, "celebrate"],
  [1, 3, "celebrate"],
  [4, 3, "like"],
  [1, 0, "insightful"],
  [2, 0, "like"],
  [3, 2, "like"],
];

/** A comment on the first member's post, and who reacts to it. */
const COMMENT: { post: number; author: number; message: string; reactions: [number, ReactionKind][] } = {
  post: 0,
  author: 1,
  message: "Congratulations! Happy to introduce you to two logistics investors.",
  reactions: [
    [0, "like"],
    [3, "insightful"],
  ],
};

async function firstPostOf(member: DemoMember) {
  const { posts } = await listPosts(member.id, { authorId: member.id });
  return posts.at(-1) ?? null;
}

/** Adds the reactions (and the comment) that are missing; answers how many reactions it added. */
export async function seedDemoReactions(members: DemoMember[], origin: string) {
  let added = 0;
  for (const [reactor, author, kind] of POST_REACTIONS) {
    const post = await firstPostOf(members[author]);
    if (!post) continue;
    const target = { type: "post" as const, postId: post.id };
    if ((await react(target, members[reactor].id, kind)) !== "added") continue;
    await notifyReaction(target, post.author.id, members[reactor], origin);
    added += 1;
  }

  const post = await firstPostOf(members[COMMENT.post]);
  if (!post) return added;
  const author = members[COMMENT.author];
  const full = await getPost(author.id, post.id);
  const commentId =
    full?.comments.find((comment) => comment.authorId === author.id && comment.message === COMMENT.message)?.id ??
    (await addComment(post.id, author.id, COMMENT.message));
  for (const [reactor, kind] of COMMENT.reactions) {
    const target = { type: "comment" as const, postId: post.id, commentId };
    if ((await react(target, members[reactor].id, kind)) !== "added") continue;
    await notifyReaction(target, author.id, members[reactor], origin);
    added += 1;
  }
  return added;
}
