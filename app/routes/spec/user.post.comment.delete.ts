import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { commentCount, deletableComment, deleteComment } from "~/features/timeline/comments.server";
import { notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  notFound();
}

/** SPEC.md §7 POST /user/post/comment/delete {comment_id} → {type, html}: by the comment's
 * author or the post's author (404 for anyone else). `html` is the post's new comment count.
 * Its own handler: the product's delete dialog (user.timeline_.post.$postId.comments.$commentId.delete)
 * takes the post in the address and answers without the count, so no product action gives this answer. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const comment = await requireFound(form.get("comment_id"), (id) => deletableComment(member.id, id));
  await deleteComment(comment.id);
  const count = await commentCount(comment.post_id);
  const html = `<span class="post-comment-count">${count} ${count === 1 ? "comment" : "comments"}</span>`;
  return respond(
    request,
    { type: "success", message: "Comment deleted." },
    { to: `/user/timeline/post/${comment.post_id}`, data: { html, post_id: comment.post_id } },
  );
}
