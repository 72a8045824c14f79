import { fileUrl } from "~/lib/files.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload, uploadErrorMessage } from "~/lib/uploads.server";
import { type PhotoSlot, setMemberPhoto } from "./photos.server";

const SETTINGS = "/user/settings/photos";
const LABEL: Record<PhotoSlot, string> = { profile: "profile image", cover: "cover image" };

/** The action behind SPEC.md's /user/ajax/file_upload/profile and /cover_image. */
export async function uploadMemberPhoto(request: Request, slot: PhotoSlot) {
  const member = await requireMember(request);
  const result = await receiveUpload(request, { kind: slot === "profile" ? "profile_image" : "cover_image", ownerId: member.id });
  if (!result.ok) {
    return respond(
      request,
      { type: "error", message: uploadErrorMessage(result.error) },
      { to: SETTINGS, status: 400, data: { name: result.error.name, error: result.error.message } },
    );
  }
  const file = result.file!;
  await setMemberPhoto(member.id, slot, file.id);
  return respond(
    request,
    { type: "success", message: `Your ${LABEL[slot]} is saved.` },
    {
      to: SETTINGS,
      data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } },
    },
  );
}
