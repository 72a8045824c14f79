import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deletableComment, deleteComment } from "~/features/timeline/comments.server";
import { returnPath } from "~/features/timeline/return-path.server";
import { notFound, parseId, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** A comment of this post the member may delete (theirs, or on their post); 404 otherwise. */
async function commentToDelete(request: Request, params: LoaderFunctionArgs["params"]) {
  const member = await requireMember(request);
  const comment = await requireFound(params.commentId, (id) => deletableComment(member.id, id));
  if (comment.post_id !== parseId(params.postId)) notFound();
  return comment;
}

/** Where the dialog was opened (?back=, kept in the form's action: the timeline, a member's
 * page), at the post; else the post's own page. */
function backOf(request: Request, postId: number) {
  return `${returnPath(new URL(request.url).searchParams.get("back"), `/user/timeline/post/${postId}`)}#post-${postId}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const comment = await commentToDelete(request, params);
  return json({ back: backOf(request, comment.post_id), excerpt: comment.message.slice(0, 120) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const comment = await commentToDelete(request, params);
  await deleteComment(comment.id);
  return respond(request, { type: "success", message: "Comment deleted." }, { to: backOf(request, comment.post_id) });
}

export default function ConfirmDeleteComment() {
  const { back, excerpt } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this comment?" cancelTo={back}>
      <p className="confirm-excerpt">{excerpt}</p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete comment · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
