import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { notify } from "~/features/notifications/notifications.server";
import { addComment } from "~/features/timeline/comments.server";
import { getPost } from "~/features/timeline/posts.server";
import { CommentSchema } from "~/features/timeline/schema";
import { firstError, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireFound(params.postId, (id) => getPost(member.id, id));
  return redirect(`/user/timeline/post/${post.id}#comments`);
}

/** POST /user/timeline/post/{id}/comment (not ".../comments": that is the comments' dialogs' parent path). Adds a comment to a post the member may see (404 otherwise), then back to where the form
 * was (Post/Redirect/Get), at the post. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireFound(params.postId, (id) => getPost(member.id, id));
  const submission = parseWithZod(await request.formData(), { schema: CommentSchema });
  const referer = request.headers.get("Referer");
  const from = referer && URL.canParse(referer) && new URL(referer).origin === new URL(request.url).origin ? new URL(referer) : null;
  const to = `${from && !from.pathname.startsWith("//") ? from.pathname + from.search : `/user/timeline/post/${post.id}`}#post-${post.id}-comments`;
  if (submission.status !== "success") {
    return respond(request, { type: "error", message: firstError(submission, "Write a comment first.") }, { to, status: 400 });
  }
  const id = await addComment(post.id, member.id, submission.value.message);
  if (post.author.id !== member.id) {
    await notify({
      memberId: post.author.id,
      kind: "post_comment",
      message: `${member.name} commented on your post.`,
      linkPath: `/user/timeline/post/${post.id}#comment-${id}`,
      actorId: member.id,
    });
  }
  return respond(request, { type: "success", message: "Comment added." }, { to, data: { comment_id: id } });
}
