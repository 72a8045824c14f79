import { constraintOf } from "~/lib/constraint.server";
import { acceptAttribute } from "~/lib/file-types";
import { uploadLimit } from "~/lib/uploads.server";
import { TrainingSchema } from "./schema";

/** What the create and edit dialogs need besides the training. */
export function trainingFormData() {
  return {
    constraint: constraintOf(TrainingSchema),
    imageAccept: acceptAttribute("training_image"),
    imageMaxBytes: uploadLimit("training_image", "image"),
    videoMaxBytes: uploadLimit("training_image", "video"),
  };
}
