import { acceptAttribute } from "~/lib/file-types";
import { uploadLimit } from "~/lib/uploads.server";

/** What the post form's upload control needs (the larger of the photo and video limits; the
 * server checks each file against its own). */
export function postUploadSettings() {
  return { accept: acceptAttribute("post_media"), maxBytes: uploadLimit("post_media", null) };
}
