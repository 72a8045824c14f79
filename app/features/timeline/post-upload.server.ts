import { deleteUnattachedUpload } from "./posts.server";
import { acceptAttribute } from "~/lib/file-types";
import { fileUrl } from "~/lib/files.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveUpload, uploadErrorMessage, uploadLimit } from "~/lib/uploads.server";

/** What the post form's upload control needs (the larger of the photo and video limits; the
 * server checks each file against its own). */
export function postUploadSettings() {
  return { accept: acceptAttribute("post_media"), maxBytes: uploadLimit("post_media", null) };
}

/** SPEC.md §7 POST /user/upload_post_file: one photo or video for a post being written.
 * Answers {file: {name, thumbnailUrl}}; `name` is what the post form sends back in files[]
 * and what upload_post_file/delete takes. Until a post claims it, only its uploader sees it. */
export async function uploadPostFile(request: Request, member: Member) {
  const result = await receiveUpload(request, { kind: "post_media", ownerId: member.id });
  if (!result.ok) {
    return respond(
      request,
      { type: "error", message: uploadErrorMessage(result.error) },
      { to: "/user/timeline", status: 400, data: { name: result.error.name, error: result.error.message } },
    );
  }
  const file = result.file!;
  return respond(
    request,
    { type: "success", message: `${file.original_name} is uploaded.` },
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
  const form = await request.formData();
  const filename = form.get("filename");
  if (typeof filename !== "string" || !(await deleteUnattachedUpload(member.id, filename))) {
    throw new Response("Not found", { status: 404 });
  }
  return respond(request, { type: "success", message: "The file is removed." }, { to: "/user/timeline" });
}
