import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deletePost, requireOwnPost } from "~/features/timeline/posts.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  throw new Response("Not found", { status: 404 });
}

/** SPEC.md §7 POST /user/post/delete {post_id}: the member's own post only (404 otherwise);
 * the confirmation is the page's (/user/timeline/post/{id}/delete). */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const post = await requireOwnPost(member.id, String(form.get("post_id") ?? ""));
  await deletePost(post);
  return respond(request, { type: "success", message: "Your post is deleted." }, { to: "/user/timeline" });
}
