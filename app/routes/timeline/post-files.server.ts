import { deleteUnattachedUpload } from "~/features/timeline/posts.server";
import { PostUploadDeleteSchema } from "~/features/timeline/schema";
import { fileUrl } from "~/lib/files.server";
import { notFound, uploadRefused } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveUpload } from "~/lib/uploads.server";

/** SPEC.md §7 POST /user/upload_post_file: one photo or video for a post being written.
 * Answers {file: {name, thumbnailUrl}}; `name` is what the post form sends back in files[]
 * and what upload_post_file/delete takes. Until a post claims it, only its uploader sees it. */
export async function uploadPostFile(request: Request, member: Member) {
  const result = await receiveUpload(request, { kind: "post_media", ownerId: member.id });
  if (!result.ok) return uploadRefused(request, result.error, "/user/timeline");
  const file = result.file!;
  return respond(
    request,
    { type: "success", message: `${file.original_name} uploaded.` },
    {
      to: "/user/timeline",
      data: {
        file: {
          name: file.token,
          original_name: file.original_name,
          file_type: file.media_type.startsWith("image/") ? "image" : "video",
          thumbnailUrl: file.thumbnail_key ? fileUrl(file.token, "thumbnail") : null,
          url: fileUrl(file.token),
        },
      },
    },
  );
}

/** SPEC.md §7 POST /user/upload_post_file/delete {filename}: only the uploader's own files that
 * no post carries yet; anything else is 404. */
export async function deletePostUpload(request: Request, member: Member) {
  const form = PostUploadDeleteSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success || !(await deleteUnattachedUpload(member.id, form.data.filename))) notFound();
  return respond(request, { type: "success", message: "File removed." }, { to: "/user/timeline" });
}
