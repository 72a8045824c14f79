import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { deleteBigTask, getOwnBigTask } from "~/features/planning/big-task.server";
import { notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog, deletionQuestion } from "~/ui/confirm-dialog";
import { listAddress } from "./planning-address.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnBigTask(member.id, id));
  return json({ title: task.title });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnBigTask(member.id, id));
  if (!(await deleteBigTask(member.id, task.id))) notFound();
  return respond(request, { type: "success", message: `“${task.title}” deleted.` }, { to: listAddress(request, "/user/big-tasks", task.year) });
}

export default function ConfirmDeleteBigTask() {
  const { title } = useLoaderData<typeof loader>();
  return <ConfirmDialog message={deletionQuestion("big task", title)} cancelTo={`/user/big-tasks${useLocation().search}`} />;
}

export const meta: MetaFunction = () => [{ title: "Delete big task · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
