import { constraintOf } from "~/lib/constraint.server";
import { acceptAttribute } from "~/lib/file-types";
import { uploadLimit } from "~/lib/uploads.server";
import { ActionSchema, BusinessSchema, ContentSchema, GoalSchema } from "./business-schema";

// What each dialog's form needs from the server: the HTML constraints of its schema (the
// browser never gets zod itself) and, for a content, what the attachment may be.

export const businessFormConstraint = () => constraintOf(BusinessSchema);
export const goalFormConstraint = () => constraintOf(GoalSchema);
export const actionFormConstraint = () => constraintOf(ActionSchema);

export function contentFormData() {
  return {
    constraint: constraintOf(ContentSchema),
    attachmentAccept: acceptAttribute("action_attachment"),
    attachmentMaxBytes: uploadLimit("action_attachment", null),
  };
}
