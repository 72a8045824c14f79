import type { ActionFunctionArgs } from "@remix-run/node";
import { setEventImage } from "~/features/events/events.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { notFound, parseId, uploadRefused } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload } from "~/lib/uploads.server";

/** SPEC.md's event image upload (POST /user/upload/event_simple_upload_single_image, multipart:
 * event_id, file), which the event page's upload control posts to as well: sets the image of
 * one of the member's events, on the one upload path. The event form takes an image as well. */
export async function eventImageAction({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const result = await receiveUpload(request, { kind: "event_media", ownerId: member.id });
  if (!result.ok) {
    return uploadRefused(request, result.error, "/user/events");
  }
  const file = result.file!;
  // In the form (SPEC.md's client) or in the address (the event page's upload control).
  const eventId = parseId(result.fields.get("event_id") ?? new URL(request.url).searchParams.get("event_id"));
  if (!file.media_type.startsWith("image/")) {
    await deleteFile(file.id);
    return uploadRefused(request, { name: file.original_name, message: "The event image must be a JPG, PNG or GIF image." }, "/user/events");
  }
  if (!eventId || !(await setEventImage(member.id, eventId, file.id))) {
    await deleteFile(file.id);
    notFound();
  }
  return respond(
    request,
    { type: "success", message: "Event image saved." },
    {
      to: `/user/events/${eventId}`,
      data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } },
    },
  );
}
