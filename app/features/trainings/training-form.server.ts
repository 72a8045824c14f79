import { getZodConstraint } from "@conform-to/zod/v4";
import { acceptAttribute } from "~/lib/file-types";
import { uploadLimit } from "~/lib/uploads.server";
import { TrainingSchema } from "./schema";

/** What the create and edit dialogs need besides the training. */
export function trainingFormData() {
  return {
    constraint: getZodConstraint(TrainingSchema),
    imageAccept: acceptAttribute("training_image"),
    imageMaxBytes: uploadLimit("training_image", "image"),
    videoMaxBytes: uploadLimit("training_image", "video"),
  };
}
