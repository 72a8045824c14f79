import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { listCategories } from "~/features/calendar/calendar.server";
import { TaskFormSchema } from "~/features/calendar/schema";
import { TaskForm } from "~/features/calendar/TaskForm";
import { newTaskDefaults } from "~/features/calendar/task-words";
import { useChosenKind } from "~/features/calendar/use-chosen-kind";
import { useCalendarBack } from "~/features/calendar/use-calendar-back";
import { journalDate } from "~/features/journal/dates";
import { constraintOf } from "~/lib/constraint.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { shownRange } from "./calendar-address.server";
import { saveTask } from "./save-task.server";

/** SPEC.md §2's task form over the calendar: a task (`?kind=appointment`: an appointment) on the
 * day clicked (`?on=`) or the day shown. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind") === "appointment" ? "appointment" : "task";
  const date = journalDate(params.get("on")) ?? shownRange(request, member.timeZone).date;
  return json({ constraint: constraintOf(TaskFormSchema), categories: await listCategories(member.id), defaults: newTaskDefaults(date, kind) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveTask(request, member, null);
}

export default function NewTask() {
  const { constraint, categories, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const kind = useChosenKind(defaults.kind, actionData?.result);
  return (
    <RouteDialog title={kind.value === "appointment" ? "Add appointment" : "Add task"} closeTo={useCalendarBack()} size="large">
      <TaskForm
        formId="task-new"
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={defaults}
        categories={categories}
        submitLabel="Save"
        onKindChange={kind.choose}
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add to the calendar · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
