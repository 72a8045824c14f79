import type { ActionFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as changeStatus } from "~/routes/planning/user.big-tasks.$taskId.status";
import { formParam } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/big-tasks");

/** SPEC.md §7 POST /user/task/big-task-status-change {big_task_id, status} → type, message:
 * the status select's action, with the id from the form (SPEC.md §3 spells it both big_task_id and bigtask_id). */
export async function action(args: ActionFunctionArgs) {
  await requireMember(args.request);
  return changeStatus({ ...args, params: { taskId: await formParam(args.request, "big_task_id", "bigtask_id") } });
}
