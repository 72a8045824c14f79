import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getOwnTask, listCategories } from "~/features/calendar/calendar.server";
import { TaskFormSchema } from "~/features/calendar/schema";
import { TaskForm } from "~/features/calendar/TaskForm";
import { taskDefaults } from "~/features/calendar/task-words";
import { useChosenKind } from "~/features/calendar/use-chosen-kind";
import { useCalendarBack } from "~/features/calendar/use-calendar-back";
import { constraintOf } from "~/lib/constraint.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveTask } from "./save-task.server";

/** SPEC.md §2's task edit details: the whole group. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnTask(member.id, id));
  return json({ id: task.id, constraint: constraintOf(TaskFormSchema), categories: await listCategories(member.id), defaults: taskDefaults(task) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnTask(member.id, id));
  return saveTask(request, member, task.id);
}

export default function EditTask() {
  const { id, constraint, categories, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const kind = useChosenKind(defaults.kind, actionData?.result);
  return (
    <RouteDialog title={kind.value === "appointment" ? "Edit appointment" : "Edit task"} closeTo={useCalendarBack()} size="large">
      <TaskForm
        formId={`task-${id}`}
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        categories={categories}
        submitLabel="Save changes"
        onKindChange={kind.choose}
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit task · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
