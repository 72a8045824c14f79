import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/features/timeline/PostForm";
import { postUploadSettings } from "~/features/timeline/post-upload.server";
import { getOwnPost } from "~/features/timeline/posts.server";
import { returnPath } from "~/features/timeline/return-path.server";
import { PostSchema } from "~/features/timeline/schema";
import { constraintOf } from "~/lib/constraint.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { savePost } from "./save-post.server";

/** Where the edit was opened (?back=, kept in the form's action): the timeline, the post's
 * page or a member's page. */
function backOf(request: Request, postId: number) {
  return returnPath(new URL(request.url).searchParams.get("back"), `/user/timeline/post/${postId}`);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireFound(params.postId, (id) => getOwnPost(member.id, id));
  return json({
    constraint: constraintOf(PostSchema),
    upload: postUploadSettings(),
    post: { id: post.id, message: post.message, privacy: post.privacy },
    existing: post.files.map((file) => ({ id: file.id, name: file.name, family: file.family, thumbnailUrl: file.thumbnailUrl })),
    back: backOf(request, post.id),
  });
}

/** The post form in edit mode: kept files in not_deleted_files[], new ones in files[]. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const post = await requireFound(params.postId, (id) => getOwnPost(member.id, id));
  return savePost(request, member, post, { to: `${backOf(request, post.id)}#post-${post.id}` });
}

export default function EditPost() {
  const { constraint, upload, post, existing, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Edit your post" closeTo={back}>
      <PostForm
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        constraint={constraint}
        defaults={{ message: post.message, privacy: post.privacy }}
        existing={existing}
        upload={upload}
        back={back}
        submitLabel="Save"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit your post · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
