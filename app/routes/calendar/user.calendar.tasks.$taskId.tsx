import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { taskGroup } from "~/features/calendar/calendar.server";
import { occurrenceWhen, StatusBadge } from "~/features/calendar/OccurrenceStatus";
import type { ShownOccurrence } from "~/features/calendar/shown.server";
import { shownOccurrence } from "~/features/calendar/shown.server";
import { recurrenceWords } from "~/features/calendar/task-words";
import { useCalendarBack, useDialogQuery } from "~/features/calendar/use-calendar-back";
import { todayIn } from "~/features/journal/dates";
import { priorityBand } from "~/features/planning/constants";
import { zoneLabel } from "~/lib/format";
import { parseId, orNotFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";

/** SPEC.md §2's task view: a group and the tracking list of its occurrences. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const group = orNotFound(await taskGroup(member.id, orNotFound(parseId(params.taskId)), todayIn(member.timeZone)));
  const { task, summary } = group;
  return json({
    task: { ...task, recurrenceWords: recurrenceWords(task) },
    counts: { completed: summary.CompleteTaskCount, pending: summary.PendingTaskCount, due: summary.DueTaskCount },
    occurrences: group.occurrences.map((occurrence) => shownOccurrence(occurrence, member.timeZone)),
    today: todayIn(member.timeZone),
  });
}

/** How many of a series' coming occurrences the tracking list shows open; the earlier and the
 * later ones fold away (a daily series lists a year of them). */
const SHOWN_OPEN = 10;

export default function TaskView() {
  const { task, counts, occurrences, today } = useLoaderData<typeof loader>();
  const query = useDialogQuery();
  const closeTo = useCalendarBack();
  const band = priorityBand(task.priority);
  const backHere = `back=${encodeURIComponent(`/user/calendar/tasks/${task.id}${query}`)}`;
  const firstComing = occurrences.findIndex((occurrence) => occurrence.start.slice(0, 10) >= today);
  const comingFrom = firstComing === -1 ? Math.max(0, occurrences.length - SHOWN_OPEN) : firstComing;
  const earlier = occurrences.slice(0, comingFrom);
  const open = occurrences.slice(comingFrom, comingFrom + SHOWN_OPEN);
  const later = occurrences.slice(comingFrom + SHOWN_OPEN);
  const first = `${task.start_date}T${task.start_time}`;
  const firstEnd = `${task.end_date ?? task.start_date}T${task.end_time}`;
  const row = (occurrence: ShownOccurrence) => (
    <li key={occurrence.key} className={`occurrence occurrence--${occurrence.status}`}>
      <span className="occurrence-time">{occurrenceWhen(occurrence.start, occurrence.end)}</span>
      <StatusBadge status={occurrence.status} />
      {occurrence.status === "pending" || occurrence.status === "missed" ? (
        <span className="occurrence-actions">
          <Link to={`/user/calendar/occurrences/${occurrence.key}/complete?${backHere}`} className="button button--small" preventScrollReset>
            Complete
          </Link>
          <Link to={`/user/calendar/occurrences/${occurrence.key}/cancel?${backHere}`} className="button button--secondary button--small" preventScrollReset>
            Cancel
          </Link>
        </span>
      ) : null}
    </li>
  );
  return (
    <RouteDialog title={task.title} closeTo={closeTo} size="large">
      <dl className="details">
        <dt>Kind</dt>
        <dd>{task.kind === "appointment" ? "Appointment" : "Task"}</dd>
        {task.category ? (
          <>
            <dt>Category</dt>
            <dd>{task.category}</dd>
          </>
        ) : null}
        <dt>When</dt>
        <dd>
          {task.recurrenceWords}, from {occurrenceWhen(first, task.kind === "appointment" ? first : firstEnd)} ({zoneLabel(task.time_zone)})
        </dd>
        <dt>Priority</dt>
        <dd>
          {task.priority} · {band.label} <span aria-hidden="true">{"★".repeat(task.priority)}</span>
        </dd>
        <dt>Alert</dt>
        <dd>{task.alert ? "Yes" : "No"}</dd>
        {task.place ? (
          <>
            <dt>Place</dt>
            <dd>{task.place}</dd>
          </>
        ) : null}
        {task.person ? (
          <>
            <dt>Person</dt>
            <dd>{task.person}</dd>
          </>
        ) : null}
        {task.description ? (
          <>
            <dt>Description</dt>
            <dd className="prewrap">{task.description}</dd>
          </>
        ) : null}
      </dl>
      <ul className="task-counts" aria-label="Counts">
        <li>Completed: {counts.completed}</li>
        <li>Pending: {counts.pending}</li>
        <li>Missed: {counts.due}</li>
      </ul>
      <div className="task-occurrences">
        {earlier.length ? (
          <details className="occurrence-fold">
            <summary>
              {earlier.length} earlier {earlier.length === 1 ? "occurrence" : "occurrences"}
            </summary>
            <ul className="occurrence-list" aria-label="Earlier occurrences">
              {earlier.map(row)}
            </ul>
          </details>
        ) : null}
        <ul className="occurrence-list" aria-label="Occurrences">
          {open.map(row)}
        </ul>
        {later.length ? (
          <details className="occurrence-fold">
            <summary>
              {later.length} later {later.length === 1 ? "occurrence" : "occurrences"}
            </summary>
            <ul className="occurrence-list" aria-label="Later occurrences">
              {later.map(row)}
            </ul>
          </details>
        ) : null}
      </div>
      <div className="dialog-actions">
        <Link to={`/user/calendar/tasks/${task.id}/delete${query}`} className="button button--danger" preventScrollReset>
          {task.recurrence === "none" ? "Delete" : "Delete series"}
        </Link>
        <Link to={`/user/calendar/tasks/${task.id}/edit${query}`} className="button" preventScrollReset>
          Edit
        </Link>
      </div>
    </RouteDialog>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.task.title} · Calendar · Chapter` : "Calendar · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
