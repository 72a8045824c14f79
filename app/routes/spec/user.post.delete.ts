import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { notFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { action as deletePost } from "~/routes/timeline/user.timeline_.post.$postId.delete";
import { formParam } from "./forward.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  notFound();
}

/** SPEC.md §7 POST /user/post/delete {post_id}: the confirmation dialog's action
 * (/user/timeline/post/{id}/delete), the member's own post only (404 otherwise). */
export async function action(args: ActionFunctionArgs) {
  await requireMember(args.request);
  return deletePost({ ...args, params: { postId: await formParam(args.request, "post_id") } });
}
