import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getOwnBigTask, setBigTaskStatus } from "~/features/planning/big-task.server";
import { BigTaskStatusSchema } from "~/features/planning/big-task-schema";
import { BIG_TASK_STATUSES, labelOf } from "~/features/planning/constants";
import { badRequest, notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { listAddress } from "./planning-address.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect(listAddress(request, "/user/big-tasks"));
}

/** SPEC.md §4: the status select of a big task (a fetcher with JS, a small form without). */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnBigTask(member.id, id));
  const call = BigTaskStatusSchema.safeParse({ status: (await request.formData()).get("status") });
  if (!call.success) badRequest("Choose a status from the list.");
  if (!(await setBigTaskStatus(member.id, task.id, call.data.status))) notFound();
  return respond(
    request,
    { type: "success", message: `${task.title} is now ${labelOf(BIG_TASK_STATUSES, call.data.status).toLowerCase()}.` },
    { to: listAddress(request, "/user/big-tasks", task.year) },
  );
}
