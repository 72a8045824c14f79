import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PostForm } from "~/features/timeline/PostForm";
import { postUploadSettings } from "~/features/timeline/post-upload.server";
import { PostSchema } from "~/features/timeline/schema";
import { constraintOf } from "~/lib/constraint.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { savePost } from "./save-post.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ constraint: constraintOf(PostSchema), upload: postUploadSettings() });
}

/** SPEC.md §7: the post form posts to its own action. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return savePost(request, member, null, { to: "/user/timeline" });
}

export default function NewPost() {
  const { constraint, upload } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Write a post" closeTo="/user/timeline">
      <PostForm
        lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        constraint={constraint}
        defaults={{ message: "", privacy: "public" }}
        existing={[]}
        upload={upload}
        back="/user/timeline"
        submitLabel="Post"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Write a post · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
