import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deletableComment, deleteComment } from "~/features/timeline/comments.server";
import { parseId } from "~/features/timeline/posts.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** A comment of this post the member may delete (theirs, or on their post); 404 otherwise. */
async function commentToDelete(request: Request, params: LoaderFunctionArgs["params"]) {
  const member = await requireMember(request);
  const comment = await deletableComment(member.id, params.commentId);
  if (!comment || comment.post_id !== parseId(params.postId)) throw new Response("Not found", { status: 404 });
  return comment;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const comment = await commentToDelete(request, params);
  return json({ postId: comment.post_id, excerpt: comment.message.slice(0, 120) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const comment = await commentToDelete(request, params);
  await deleteComment(comment.id);
  return respond(request, { type: "success", message: "The comment is deleted." }, { to: `/user/timeline/post/${comment.post_id}` });
}

export default function ConfirmDeleteComment() {
  const { postId, excerpt } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this comment?" cancelTo={`/user/timeline/post/${postId}`}>
      <p className="confirm-excerpt">{excerpt}</p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete comment · Chapter" }];
