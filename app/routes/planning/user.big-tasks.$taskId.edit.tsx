import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { BigTaskForm } from "~/features/planning/BigTaskForm";
import { getOwnBigTask } from "~/features/planning/big-task.server";
import { BigTaskSchema } from "~/features/planning/big-task-schema";
import { constraintOf } from "~/lib/constraint.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveBigTask } from "./save-big-task.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnBigTask(member.id, id));
  return json({ task, constraint: constraintOf(BigTaskSchema) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnBigTask(member.id, id));
  return saveBigTask(request, member, task.id);
}

export default function EditBigTask() {
  const { task, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const defaults = {
    title: task.title,
    description: task.description ?? "",
    priority: String(task.priority),
    status: task.status,
    year: String(task.year),
    due_date: task.due_date ?? "",
  };
  return (
    <RouteDialog title={`Edit ${task.title}`} closeTo={`/user/big-tasks${useLocation().search}`}>
      <BigTaskForm lastResult={actionData?.result} constraint={constraint} defaults={defaults} taskId={task.id} submitLabel="Save" />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Edit big task · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
