import { parseWithZod } from "~/lib/parse-form.server";
import { TrainingSchema } from "~/features/trainings/schema";
import { createTraining, updateTraining } from "~/features/trainings/trainings.server";
import { deleteFile } from "~/lib/files.server";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveFormWithFile } from "~/lib/uploads.server";

/** The create and edit dialogs' action: validate, save (with the image chosen, if any) and go
 * to the training's page. */
export async function saveTraining(request: Request, member: Member, existingId: number | null) {
  const { fields, file, error: imageError } = await receiveFormWithFile(request, { kind: "training_image", ownerId: member.id, field: "image" });
  const imageId = file?.id ?? null;
  const submission = parseWithZod(fields, { schema: TrainingSchema });
  if (submission.status !== "success" || imageError) {
    if (imageId) await deleteFile(imageId);
    return formFailure(submission.reply(imageError ? { fieldErrors: { image: [imageError] } } : undefined));
  }
  const training = submission.value;
  let id = existingId;
  if (id === null) {
    id = await createTraining(member, training, imageId);
  } else {
    const saved = await updateTraining(member, id, training, imageId);
    if (!saved.ok) {
      if (imageId) await deleteFile(imageId);
      if (saved.reason === "not_found") notFound();
      const registered = saved.registered === 1 ? "1 member is" : `${saved.registered} members are`;
      return formFailure(submission.reply({ fieldErrors: { capacity: [`${registered} registered already: the capacity cannot be lower.`] } }));
    }
  }
  return respond(
    request,
    { type: "success", message: existingId === null ? `“${training.title}” created.` : `“${training.title}” saved.` },
    { to: `/user/trainings/${id}` },
  );
}
