import { parseWithZod } from "~/lib/parse-form.server";
import { createBigTask, updateBigTask } from "~/features/planning/big-task.server";
import { BigTaskSchema } from "~/features/planning/big-task-schema";
import { priorityBand } from "~/features/planning/constants";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";

/** The big tasks page a task is seen on: its year, with the list's filter kept when the task
 * still matches it. */
function bigTasksAddress(request: Request, task: { year: number; status: string; priority: number }) {
  const from = new URL(request.url).searchParams;
  const to = new URLSearchParams({ year: String(task.year) });
  if (from.get("status") === task.status) to.set("status", task.status);
  if (from.get("priority") === priorityBand(task.priority).value) to.set("priority", priorityBand(task.priority).value);
  return `/user/big-tasks?${to}`;
}

/** The add task and edit big task dialogs' action. */
export async function saveBigTask(request: Request, member: Member, existingId: number | null) {
  const submission = parseWithZod(await request.formData(), { schema: BigTaskSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const task = submission.value;
  if (existingId === null) await createBigTask(member.id, task);
  else if (!(await updateBigTask(member.id, existingId, task))) notFound();
  return respond(
    request,
    { type: "success", message: existingId === null ? `“${task.title}” added to your big tasks.` : `“${task.title}” saved.` },
    { to: bigTasksAddress(request, task) },
  );
}
