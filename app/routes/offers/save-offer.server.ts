import { parseWithZod } from "~/lib/parse-form.server";
import { addOfferImage, createOffer, eventExists, updateOffer } from "~/features/offers/offers.server";
import { OfferSchema } from "~/features/offers/schema";
import { deleteFile } from "~/lib/files.server";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveFormWithFile } from "~/lib/uploads.server";

/** The create and edit dialogs' action: validate, save (adding the image chosen, if any), and
 * land on the offer. */
export async function saveOffer(request: Request, member: Member, existingId: number | null) {
  const { fields, file, error: imageError } = await receiveFormWithFile(request, { kind: "product_image", ownerId: member.id, field: "image" });
  const imageId = file?.id ?? null;
  const submission = await parseWithZod(fields, {
    schema: OfferSchema.superRefine(async (offer, ctx) => {
      if (offer.event_id && !(await eventExists(offer.event_id))) {
        ctx.addIssue({ code: "custom", path: ["event_id"], message: "Choose an event from the list." });
      }
      if (imageError) ctx.addIssue({ code: "custom", path: ["image"], message: imageError });
    }),
    async: true,
  });
  if (submission.status !== "success") {
    if (imageId) await deleteFile(imageId);
    return formFailure(submission.reply());
  }
  let id: number;
  if (existingId === null) {
    id = await createOffer(member.id, submission.value, imageId);
  } else {
    id = existingId;
    if (!(await updateOffer(member.id, id, submission.value))) notFound();
    if (imageId) await addOfferImage(id, imageId);
  }
  return respond(request, { type: "success", message: existingId === null ? "Offer created." : "Offer saved." }, { to: `/user/offers/${id}` });
}
