import { parseWithZod } from "~/lib/parse-form.server";
import { businessPath } from "~/features/planning/business-constants";
import { createContent, updateContent } from "~/features/planning/business-goals.server";
import { ContentSchema } from "~/features/planning/business-schema";
import { deleteFile } from "~/lib/files.server";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveFormWithFile } from "~/lib/uploads.server";

/** The add and edit content dialogs' action: the form and its attachment through the one
 * upload path; a refused form keeps no file. */
export async function saveContent(
  request: Request,
  member: Member,
  businessId: number,
  target: { actionId: number; contentId: null } | { actionId: null; contentId: number },
) {
  const { fields, file, error } = await receiveFormWithFile(request, { kind: "action_attachment", ownerId: member.id, field: "attachment" });
  const submission = parseWithZod(fields, {
    schema: ContentSchema.superRefine((_, ctx) => {
      if (error) ctx.addIssue({ code: "custom", path: ["attachment"], message: error });
    }),
  });
  if (submission.status !== "success") {
    if (file) await deleteFile(file.id);
    return formFailure(submission.reply());
  }
  if (target.contentId === null) {
    await createContent(member.id, target.actionId, submission.value, file?.id ?? null);
  } else if (!(await updateContent(member.id, target.contentId, submission.value, file?.id ?? null))) {
    if (file) await deleteFile(file.id);
    notFound();
  }
  return respond(request, { type: "success", message: target.contentId === null ? "Content added." : "Content saved." }, { to: businessPath(businessId) });
}
