import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { commentOfPost } from "~/features/timeline/comments.server";
import { getPost } from "~/features/timeline/posts.server";
import { isReactionKind, REACTION_KINDS, REMOVE_REACTION, type ReactionKind } from "~/features/timeline/reactions";
import { notifyReaction, react, reactorsOf, unreact, type ReactionTarget } from "~/features/timeline/reactions.server";
import { returnPath } from "~/features/timeline/return-path.server";
import { badRequest, requireFound } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember, type Member } from "~/lib/session.server";

type Params = LoaderFunctionArgs["params"];

const DONE: Record<ReactionKind, (what: string) => string> = {
  like: (what) => `You liked this ${what}.`,
  celebrate: (what) => `You celebrated this ${what}.`,
  insightful: (what) => `You found this ${what} insightful.`,
};

/** The post (or its comment) named in the address, when the member may see the post; 404
 * otherwise. `authorId` is who a reaction is news to; `title` heads the dialog of who reacted. */
export async function reactionTargetOf(member: Member, params: Params) {
  const post = await requireFound(params.postId, (id) => getPost(member.id, id));
  if (params.commentId === undefined) {
    return { target: { type: "post", postId: post.id } as ReactionTarget, authorId: post.author.id, title: `Reactions to the post of ${post.author.name}` };
  }
  const comment = await requireFound(params.commentId, (id) => commentOfPost(post.id, id));
  return {
    target: { type: "comment", postId: post.id, commentId: comment.id } as ReactionTarget,
    authorId: comment.authorId,
    title: `Reactions to the comment of ${comment.authorName}`,
  };
}

/** A GET of a reaction's address (a bookmarked form post): the post, at that place. */
export async function reactionLoader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { target } = await reactionTargetOf(member, params);
  return redirect(`/user/timeline/post/${target.postId}${placeOf(target)}`);
}

function placeOf(target: ReactionTarget) {
  return target.type === "post" ? `#post-${target.postId}-reactions` : `#comment-${target.commentId}`;
}

/** Where the form was (Post/Redirect/Get): without JS at the post or comment it was on (the
 * hash); with JS (Remix's fetcher asks with ?_data) the same page without one, so the page
 * stays where it is scrolled. */
function backTo(request: Request, target: ReactionTarget) {
  const here = new URL(request.url);
  const referer = request.headers.get("Referer");
  const from = referer && URL.canParse(referer) ? new URL(referer) : null;
  const page = from && from.origin === here.origin && !from.pathname.startsWith("//") ? from.pathname + from.search : `/user/timeline/post/${target.postId}`;
  return here.searchParams.has("_data") ? page : `${page}${placeOf(target)}`;
}

/** POST .../react {reaction}: a kind gives (or changes to) that reaction, "remove" takes it back. */
export async function reactionAction({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { target, authorId } = await reactionTargetOf(member, params);
  const choice = (await request.formData()).get("reaction");
  const what = target.type === "post" ? "post" : "comment";
  if (choice === REMOVE_REACTION) {
    await unreact(target, member.id, authorId);
    return respond(request, { type: "success", message: "Your reaction was taken back." }, { to: backTo(request, target) });
  }
  if (!isReactionKind(choice)) badRequest(`reaction must be ${REACTION_KINDS.join(", ")} or ${REMOVE_REACTION}`);
  const outcome = await react(target, member.id, choice);
  if (outcome === "added") await notifyReaction(target, authorId, member, await publicOrigin(request));
  return respond(request, { type: "success", message: DONE[choice](what) }, { to: backTo(request, target) });
}

/** The reactors' dialog's data: who reacted, and where closing it returns (the ?back= page,
 * at the post or comment). */
export async function reactorsLoader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { target, title } = await reactionTargetOf(member, params);
  const back = returnPath(new URL(request.url).searchParams.get("back"), `/user/timeline/post/${target.postId}`);
  return json({
    title,
    reactors: await reactorsOf(target),
    closeTo: `${back}${placeOf(target)}`,
  });
}
