import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { completedCount, deleteTask, getOwnTask } from "~/features/calendar/calendar.server";
import { deleteAgainQuestion, deletedMessage, DELETE_QUESTION } from "~/features/calendar/constants";
import { useCalendarBack } from "~/features/calendar/use-calendar-back";
import { backTo, notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { calendarReturn } from "./calendar-address.server";

/** The group to delete and how many of its occurrences are completed; `?again=1` is SPEC.md §4's
 * second question. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnTask(member.id, id));
  const completed = await completedCount(member.id, task.id);
  return json({ title: task.title, completed, again: completed > 0 && new URL(request.url).searchParams.get("again") === "1" });
}

/** Deletes the group; one with completed occurrences asks a second time first (SPEC.md §4,
 * `error-{n}`), as a page of its own without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnTask(member.id, id));
  const form = await request.formData();
  if ((await completedCount(member.id, task.id)) > 0 && form.get("again") !== "1") {
    const url = new URL(request.url);
    url.searchParams.set("again", "1");
    return redirect(url.pathname + url.search);
  }
  if (!(await deleteTask(member.id, task.id))) notFound();
  const to = backTo(request, calendarReturn(request, member.timeZone));
  return respond(request, { type: "success", message: deletedMessage(task.title) }, { to: to.startsWith(`/user/calendar/tasks/${task.id}`) ? calendarReturn(request, member.timeZone) : to });
}

export default function DeleteTask() {
  const { title, completed, again } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message={again ? deleteAgainQuestion(completed) : DELETE_QUESTION} cancelTo={useCalendarBack()}>
      {again ? <input type="hidden" name="again" value="1" /> : null}
      <p>
        <strong>{title}</strong> and every occurrence of it will be deleted.
      </p>
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete task · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
