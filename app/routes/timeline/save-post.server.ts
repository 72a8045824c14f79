import { parseWithZod } from "~/lib/parse-form.server";
import { claimableFiles, createPost, MAX_POST_FILES, type PostView, updatePost } from "~/features/timeline/posts.server";
import { EMPTY_POST_MESSAGE } from "~/features/timeline/constants";
import { PostSchema } from "~/features/timeline/schema";
import { deleteFile } from "~/lib/files.server";
import { formFailure } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveUploads, uploadErrorMessage } from "~/lib/uploads.server";

/** The field of the file input a post form sends without JavaScript (several files). */
export const ATTACHMENTS_FIELD = "attachments";

/**
 * The post form's action, new (`post` null) or edit. With JavaScript the files were uploaded
 * one by one already and come as their names in `files[]`; without it they come in the same
 * form (`attachments`). An edit sends the ids of the files it keeps in `not_deleted_files[]`.
 */
export async function savePost(request: Request, member: Member, post: PostView | null, { to }: { to: string }) {
  const received = await receiveUploads(request, { kind: "post_media", ownerId: member.id, field: ATTACHMENTS_FIELD, maxFiles: MAX_POST_FILES });
  if (!received.ok) {
    const fields = received.fields ?? new FormData();
    const submission = parseWithZod(fields, { schema: PostSchema });
    return formFailure(submission.reply({ formErrors: [uploadErrorMessage(received.error)] }));
  }
  const { fields, files: uploaded } = received;
  const discard = async () => {
    for (const file of uploaded) await deleteFile(file.id);
  };

  const submission = parseWithZod(fields, { schema: PostSchema });
  if (submission.status !== "success") {
    await discard();
    return formFailure(submission.reply());
  }
  const { files, not_deleted_files: keepIds } = submission.value;
  const claimed = await claimableFiles(member.id, files);
  const keep = post ? post.files.filter((file) => keepIds.includes(file.id)).map((file) => file.id) : [];
  const total = keep.length + claimed.length + uploaded.length;
  const formError =
    total > MAX_POST_FILES
      ? `A post can carry at most ${MAX_POST_FILES} photos and videos.`
      : !submission.value.message && total === 0
        ? EMPTY_POST_MESSAGE
        : null;
  if (formError) {
    await discard();
    return formFailure(submission.reply({ formErrors: [formError] }));
  }

  if (post) {
    await updatePost(post, submission.value, { keep, claimed, uploaded });
    return respond(request, { type: "success", message: "Post updated." }, { to });
  }
  const id = await createPost(member.id, submission.value, { claimed, uploaded });
  return respond(request, { type: "success", message: "Post shared." }, { to: `${to}#post-${id}`, data: { post_id: id } });
}
