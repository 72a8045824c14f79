import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseId, setEventImage } from "~/features/events/events.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { receiveUpload, uploadErrorMessage } from "~/lib/uploads.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/events");
}

/** SPEC.md's event image upload (multipart: event_id, file): sets the image of one of the
 * member's events, on the one upload path. The event form takes an image as well. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const result = await receiveUpload(request, { kind: "event_media", ownerId: member.id });
  if (!result.ok) {
    return respond(request, { type: "error", message: uploadErrorMessage(result.error) }, { to: "/user/events", status: 400, data: { name: result.error.name, error: result.error.message } });
  }
  const file = result.file!;
  // In the form (SPEC.md's client) or in the address (the event page's upload control).
  const eventId = parseId(String(result.fields.get("event_id") ?? new URL(request.url).searchParams.get("event_id") ?? ""));
  if (!file.media_type.startsWith("image/")) {
    await deleteFile(file.id);
    const error = "The event image must be a JPG, PNG or GIF image.";
    return respond(request, { type: "error", message: uploadErrorMessage({ name: file.original_name, message: error }) }, { to: "/user/events", status: 400, data: { name: file.original_name, error } });
  }
  if (!eventId || !(await setEventImage(member.id, eventId, file.id))) {
    await deleteFile(file.id);
    throw new Response("Not found", { status: 404 });
  }
  return respond(
    request,
    { type: "success", message: "The event image is saved." },
    { to: `/user/events/${eventId}`, data: { file: { name: file.original_name, file_type: file.media_type, thumbnailUrl: fileUrl(file.token, "thumbnail"), url: fileUrl(file.token) } } },
  );
}
