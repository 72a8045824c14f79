import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deletePost, getOwnPost } from "~/features/timeline/posts.server";
import { returnPath } from "~/features/timeline/return-path.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** Where the dialog was opened (?back=): the timeline, a member's page, the post's page. */
function openedFrom(request: Request, postId: number) {
  return returnPath(new URL(request.url).searchParams.get("back"), `/user/timeline/post/${postId}`);
}

/** Where to go once the post is gone: where it was opened, but never the post's own page. */
function backOf(request: Request, postId: number) {
  const back = openedFrom(request, postId);
  return back.startsWith("/user/timeline/post/") ? "/user/timeline" : back;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireFound(params.postId, (id) => getOwnPost(member.id, id));
  return json({ cancelTo: `${openedFrom(request, post.id)}#post-${post.id}`, excerpt: post.message.slice(0, 120), files: post.files.length });
}

/** Deletes the post with its comments and its files. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireFound(params.postId, (id) => getOwnPost(member.id, id));
  await deletePost(post);
  return respond(request, { type: "success", message: "Post deleted." }, { to: backOf(request, post.id) });
}

export default function ConfirmDeletePost() {
  const { cancelTo, excerpt, files } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this post?" cancelTo={cancelTo}>
      {excerpt ? <p className="confirm-excerpt">{excerpt}</p> : null}
      {files ? <p className="muted">Its {files === 1 ? "photo or video" : `${files} photos and videos`} and its comments go with it.</p> : null}
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete post · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
