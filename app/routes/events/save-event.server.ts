import { parseWithZod } from "~/lib/parse-form.server";
import { json } from "@remix-run/node";
import { capacityErrors, createEvent, updateEvent } from "~/features/events/events.server";
import { EventSchema } from "~/features/events/schema";
import { deleteFile } from "~/lib/files.server";
import { formFailure, notFound } from "~/lib/http.server";
import { placeErrors, placeOptionsOfForm, type Place } from "~/lib/places.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveFormWithFile } from "~/lib/uploads.server";

/** The form's fields, and its image when one was chosen (through the one upload path; the
 * event's picture is an image, not a video). */
async function readForm(request: Request, member: Member) {
  const { fields, file, error } = await receiveFormWithFile(request, { kind: "event_media", ownerId: member.id, field: "image" });
  if (file && !file.media_type.startsWith("image/")) {
    await deleteFile(file.id);
    return { fields, imageId: null, imageError: "The event image must be a JPG, PNG or GIF image." };
  }
  return { fields, imageId: file?.id ?? null, imageError: error };
}

/**
 * The create and edit dialogs' action: validate (the dates, the seats already taken, the
 * place), save, and land on the event. `existing` is the owner's event being edited (its
 * place is kept as stored when the member leaves it alone).
 */
export async function saveEvent(request: Request, member: Member, existing: ({ id: number; general_taken: number; vip_taken: number } & Place) | null) {
  const { fields, imageId, imageError } = await readForm(request, member);
  const placesFor = () => placeOptionsOfForm(fields, existing ?? undefined);

  if (fields.get("intent") === "refresh-places") {
    if (imageId) await deleteFile(imageId);
    const submission = parseWithZod(fields, { schema: EventSchema });
    return json({ result: submission.reply({ hideFields: ["image"] }), places: placesFor() });
  }

  const submission = parseWithZod(fields, {
    schema: EventSchema.superRefine((event, ctx) => {
      for (const [field, message] of Object.entries(placeErrors(event, existing ?? undefined))) ctx.addIssue({ code: "custom", path: [field], message });
      if (existing) {
        for (const [field, message] of Object.entries(capacityErrors(existing, event))) ctx.addIssue({ code: "custom", path: [field], message });
      }
      if (imageError) ctx.addIssue({ code: "custom", path: ["image"], message: imageError });
    }),
  });
  if (submission.status !== "success") {
    if (imageId) await deleteFile(imageId);
    return formFailure(submission.reply(), { places: placesFor() });
  }

  let id: number;
  if (existing === null) {
    id = await createEvent(member.id, submission.value, imageId);
  } else {
    id = existing.id;
    const image = imageId ?? (submission.value.remove_image ? null : undefined);
    const update = await updateEvent(member.id, id, submission.value, image);
    if (!update.saved) {
      if (update.notFound) notFound();
      // Seats were taken since the check above: the same message, next to the same field.
      if (imageId) await deleteFile(imageId);
      const fieldErrors = Object.fromEntries(Object.entries(update.errors).map(([field, message]) => [field, [message]]));
      return formFailure(submission.reply({ fieldErrors }), { places: placesFor() });
    }
  }
  return respond(request, { type: "success", message: existing === null ? "Event created." : "Event saved." }, { to: `/user/events/${id}` });
}
