import { type PhotoSlot, setMemberPhoto } from "~/features/members/photos.server";
import { fileUrl } from "~/lib/files.server";
import { uploadRefused } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload } from "~/lib/uploads.server";

const SETTINGS = "/user/settings/photos";
const LABEL: Record<PhotoSlot, string> = { profile: "profile image", cover: "cover image" };

/** The action behind SPEC.md's /user/ajax/file_upload/profile and /cover_image (the photos
 * page's upload controls). */
export async function uploadMemberPhoto(request: Request, slot: PhotoSlot) {
  const member = await requireMember(request);
  const result = await receiveUpload(request, { kind: slot === "profile" ? "profile_image" : "cover_image", ownerId: member.id });
  if (!result.ok) return uploadRefused(request, result.error, SETTINGS);
  const file = result.file!;
  await setMemberPhoto(member.id, slot, file.id);
  return respond(
    request,
    { type: "success", message: `${LABEL[slot][0].toUpperCase()}${LABEL[slot].slice(1)} saved.` },
    {
      to: SETTINGS,
      data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } },
    },
  );
}
