import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { editPayloadAsForm } from "~/routes/calendar/task-group-calls.server";
import { action as editTask } from "~/routes/calendar/user.calendar.tasks.$taskId_.edit";
import { forwardedRequest, refusalAsNotification } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/calendar");

/** SPEC.md §7 POST /user/calenders/edittaskupdate/{groupId} with §3's task edit payload
 * (EditTaskTiltle, EditTaskRecursive, EditTaskStartDate … EditTaskenablealert), saved by the task
 * edit dialog's action: "Task edited successfully.", or `{type: "error", message}`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const { task, form } = await editPayloadAsForm(member.id, params.groupId, await request.formData());
  return refusalAsNotification(await editTask({ request: forwardedRequest(request, form), params: { taskId: String(task.id) }, context }));
}
