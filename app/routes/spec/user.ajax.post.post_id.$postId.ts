import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getPost, postJson } from "~/features/timeline/posts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 GET /user/ajax/post/post_id/{post_id}: {id, content, type, privacy, post_files};
 * 404 unless the member may see the post. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireFound(params.postId, (id) => getPost(member.id, id));
  return json(postJson(post));
}
