import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { completedCount, deleteOccurrence, deleteTask, getOwnOccurrence, getOwnTask, type CalendarTask } from "~/features/calendar/calendar.server";
import { deleteAgainQuestion, deletedMessage, DELETE_QUESTION, occurrenceDeletedMessage } from "~/features/calendar/constants";
import { useCalendarBack } from "~/features/calendar/use-calendar-back";
import { formatDate } from "~/lib/format";
import { backTo, notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { calendarReturn } from "./calendar-address.server";

/** The occurrence `?occurrence=` names ("12-2026-12-06"), when it is one of this repeating
 * group's: deleting from it asks whether to delete it alone or the whole series. A single task's
 * one occurrence is the task. */
async function namedOccurrence(request: Request, memberId: number, task: CalendarTask) {
  const key = new URL(request.url).searchParams.get("occurrence");
  if (!key || task.recurrence === "none") return null;
  const found = await getOwnOccurrence(memberId, key);
  return found && found.task.id === task.id ? found.occurrence : null;
}

/** The group to delete and how many of its occurrences are completed; `?again=1` is SPEC.md §4's
 * second question. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnTask(member.id, id));
  const completed = await completedCount(member.id, task.id);
  const again = completed > 0 && new URL(request.url).searchParams.get("again") === "1";
  const occurrence = again ? null : await namedOccurrence(request, member.id, task);
  return json({ title: task.title, completed, again, occurrenceDate: occurrence ? formatDate(occurrence.date) : null });
}

/** Deletes one occurrence (`scope=occurrence`), or the group; a group with completed occurrences
 * asks a second time first (SPEC.md §4, `error-{n}`), as a page of its own without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const task = await requireFound(params.taskId, (id) => getOwnTask(member.id, id));
  const form = await request.formData();
  const returnTo = () => {
    const to = backTo(request, calendarReturn(request, member.timeZone));
    return to.startsWith(`/user/calendar/tasks/${task.id}`) ? calendarReturn(request, member.timeZone) : to;
  };
  const occurrence = form.get("scope") === "occurrence" ? await namedOccurrence(request, member.id, task) : null;
  if (occurrence) {
    await deleteOccurrence(member.id, task, occurrence.date);
    return respond(request, { type: "success", message: occurrenceDeletedMessage(task.title, formatDate(occurrence.date)) }, { to: returnTo() });
  }
  if ((await completedCount(member.id, task.id)) > 0 && form.get("again") !== "1") {
    const url = new URL(request.url);
    url.searchParams.set("again", "1");
    return redirect(url.pathname + url.search);
  }
  if (!(await deleteTask(member.id, task.id))) notFound();
  return respond(request, { type: "success", message: deletedMessage(task.title) }, { to: returnTo() });
}

export default function DeleteTask() {
  const { title, completed, again, occurrenceDate } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message={again ? deleteAgainQuestion(completed) : DELETE_QUESTION} cancelTo={useCalendarBack()}>
      {again ? <input type="hidden" name="again" value="1" /> : null}
      {occurrenceDate ? (
        <fieldset className="delete-scope">
          <legend>
            <strong>{title}</strong> repeats. Delete:
          </legend>
          <label className="choice">
            <input type="radio" name="scope" value="occurrence" defaultChecked />
            Only this occurrence, on {occurrenceDate}
          </label>
          <label className="choice">
            <input type="radio" name="scope" value="series" />
            The whole series, with every occurrence
          </label>
        </fieldset>
      ) : (
        <p>
          <strong>{title}</strong> and every occurrence of it will be deleted.
        </p>
      )}
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Delete task · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
