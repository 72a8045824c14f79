import { clubTimeZone } from "~/lib/club.server";
import { constraintOf } from "~/lib/constraint.server";
import { acceptAttribute } from "~/lib/file-types";
import { timeZones } from "~/lib/time-zones";
import { uploadLimit } from "~/lib/uploads.server";
import { TrainingSchema } from "./schema";

/** What the create and edit dialogs need besides the training. */
export async function trainingFormData() {
  return {
    constraint: constraintOf(TrainingSchema),
    timeZones: timeZones(),
    defaultTimeZone: await clubTimeZone(),
    imageAccept: acceptAttribute("training_image"),
    imageMaxBytes: uploadLimit("training_image", "image"),
    videoMaxBytes: uploadLimit("training_image", "video"),
  };
}
