import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { BigTaskForm } from "~/features/planning/BigTaskForm";
import { BigTaskSchema } from "~/features/planning/big-task-schema";
import { thisYear, yearFromAddress } from "~/features/planning/constants";
import { constraintOf } from "~/lib/constraint.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { saveBigTask } from "./save-big-task.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const params = new URL(request.url).searchParams;
  const status = params.get("status");
  return json({ constraint: constraintOf(BigTaskSchema), year: yearFromAddress(params.get("year")) ?? thisYear(), status: status ?? "" });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  return saveBigTask(request, member, null);
}

export default function AddTask() {
  const { constraint, year, status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RouteDialog title="Add task" closeTo={`/user/big-tasks${useLocation().search}`}>
      <BigTaskForm
        lastResult={actionData?.result}
        constraint={constraint}
        defaults={{ year: String(year), priority: "5", status: status || "pending" }}
        taskId={null}
        submitLabel="Add task"
      />
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Add task · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
