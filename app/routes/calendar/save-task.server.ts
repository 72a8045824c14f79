import { parseWithZod } from "~/lib/parse-form.server";
import { createTask, updateTask } from "~/features/calendar/calendar.server";
import { addedMessage, EDITED_MESSAGE } from "~/features/calendar/constants";
import { TaskSchema } from "~/features/calendar/schema";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { calendarAddress } from "~/features/calendar/range";
import { calendarReturn, shownRange } from "./calendar-address.server";

/** The task form's action: creates a group in the member's zone, or replaces an existing one's
 * fields (SPEC.md §8: "Task edited successfully."). */
export async function saveTask(request: Request, member: Member, existingId: number | null, formData?: FormData) {
  const submission = parseWithZod(formData ?? (await request.formData()), { schema: TaskSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const fields = submission.value;
  if (existingId === null) {
    const id = await createTask(member.id, fields, member.timeZone);
    const noun = fields.kind === "appointment" ? "appointment" : "task";
    return respond(
      request,
      { type: "success", message: addedMessage(fields.title) },
      { to: calendarAddress(shownRange(request, member.timeZone).view, fields.start_date), data: { id, kind: noun } },
    );
  }
  if (!(await updateTask(member.id, existingId, fields))) notFound();
  return respond(request, { type: "success", message: EDITED_MESSAGE }, { to: calendarReturn(request, member.timeZone, `/tasks/${existingId}`) });
}
