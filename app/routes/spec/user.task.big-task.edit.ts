import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getOwnBigTask } from "~/features/planning/big-task.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 GET /user/task/big-task/edit {bigtask_id}: the edit dialog over the task's year. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const params = new URL(request.url).searchParams;
  const task = await requireFound(params.get("bigtask_id") ?? params.get("big_task_id"), (id) => getOwnBigTask(member.id, id));
  return redirect(`/user/big-tasks/${task.id}/edit?year=${task.year}`);
}
