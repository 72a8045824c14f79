import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { deletePost, requireOwnPost } from "~/features/timeline/posts.server";
import { respond } from "~/lib/respond.server";
import { requireMember, safeRedirect } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** Where to go once the post is gone (?back=): never its own page. */
function backOf(request: Request) {
  const back = safeRedirect(new URL(request.url).searchParams.get("back"), "/user/timeline");
  return back.startsWith("/user/timeline/post/") ? "/user/timeline" : back;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireOwnPost(member.id, params.postId);
  return json({ id: post.id, excerpt: post.message.slice(0, 120), files: post.files.length });
}

/** Deletes the post with its comments and its files. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireOwnPost(member.id, params.postId);
  await deletePost(post);
  return respond(request, { type: "success", message: "Your post is deleted." }, { to: backOf(request) });
}

export default function ConfirmDeletePost() {
  const { id, excerpt, files } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to delete this post?" cancelTo={`/user/timeline/post/${id}`}>
      {excerpt ? <p className="confirm-excerpt">{excerpt}</p> : null}
      {files ? <p className="muted">Its {files === 1 ? "photo or video" : `${files} photos and videos`} and its comments go with it.</p> : null}
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete post · Chapter" }];
