import { Link } from "@remix-run/react";
import { journalPage } from "~/features/journal/dates";
import { EmptyState } from "~/ui/empty-state";
import { StatusBadge, timeRange } from "./OccurrenceStatus";
import type { ShownOccurrence } from "./shown.server";

const canMark = (occurrence: ShownOccurrence) => occurrence.status === "pending" || occurrence.status === "missed";

/** SPEC.md §7's daily tasks: today's occurrences with their actions (complete, cancel or delete
 * this one; deleting asks whether the whole series goes), and the day's journal. `back` is the page the dialogs return to. */
export function DailyTasks({
  today,
  occurrences,
  back,
  headingLevel = 2,
  journalLink = true,
}: {
  today: string;
  occurrences: ShownOccurrence[];
  back: string;
  headingLevel?: 2 | 3;
  journalLink?: boolean;
}) {
  const Heading = `h${headingLevel}` as const;
  const query = `?back=${encodeURIComponent(back)}`;
  return (
    <section className="daily-tasks" aria-labelledby="daily-tasks-heading">
      <Heading id="daily-tasks-heading">Today&apos;s tasks</Heading>
      {occurrences.length ? (
        <ul className="occurrence-list">
          {occurrences.map((occurrence) => (
            <li key={occurrence.key} id={`daily-task-${occurrence.key}`} className={`occurrence occurrence--${occurrence.status}`}>
              <span className="occurrence-time">{timeRange(occurrence.start, occurrence.end)}</span>
              <Link to={`/user/calendar/tasks/${occurrence.taskId}${query}`} className="occurrence-title" preventScrollReset>
                {occurrence.title}
              </Link>
              <StatusBadge status={occurrence.status} />
              <span className="occurrence-actions">
                {canMark(occurrence) ? (
                  <>
                    <Link to={`/user/calendar/occurrences/${occurrence.key}/complete${query}`} className="button button--small" preventScrollReset>
                      Complete
                    </Link>
                    <Link
                      to={`/user/calendar/occurrences/${occurrence.key}/cancel${query}`}
                      className="button button--secondary button--small"
                      preventScrollReset
                    >
                      Cancel
                    </Link>
                  </>
                ) : null}
                <Link
                  to={`/user/calendar/tasks/${occurrence.taskId}/delete${query}&occurrence=${occurrence.key}`}
                  className="button button--danger button--small"
                  preventScrollReset
                >
                  Delete
                </Link>
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>Nothing planned for today.</EmptyState>
      )}
      {journalLink ? (
        <p>
          <Link to={journalPage(today)}>Today&apos;s journal</Link>
        </p>
      ) : null}
    </section>
  );
}
