import { Link } from "@remix-run/react";
import { EmptyState } from "~/ui/empty-state";
import { StatusBadge, timeRange } from "./OccurrenceStatus";
import type { ShownOccurrence } from "./shown.server";

/** One day's occurrences under the month or week grid on a phone, whose days are too narrow for
 * their titles: the day tapped, else today, else the range's first day. */
export function DayList({
  day,
  heading,
  occurrences,
  more,
  taskLink,
  dayLink,
  addLink,
}: {
  day: string;
  heading: string;
  occurrences: ShownOccurrence[];
  more: number;
  taskLink: (taskId: number) => string;
  dayLink: string;
  addLink: string;
}) {
  const list = occurrences.filter((occurrence) => occurrence.start.slice(0, 10) === day);
  return (
    <section className="card calendar-day-list" aria-labelledby="calendar-day-list-heading" aria-live="polite">
      <h2 id="calendar-day-list-heading">{heading}</h2>
      <p className="muted">Tap a day to see its tasks here.</p>
      {list.length ? (
        <ul className="occurrence-list">
          {list.map((occurrence) => (
            <li key={occurrence.key} className={`occurrence occurrence--${occurrence.status}`}>
              <span className="occurrence-time">{timeRange(occurrence.start, occurrence.end)}</span>
              <Link to={taskLink(occurrence.taskId)} className="occurrence-title" preventScrollReset>
                {occurrence.title}
              </Link>
              <StatusBadge status={occurrence.status} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState>Nothing planned for this day.</EmptyState>
      )}
      <p className="calendar-day-list-links">
        {more ? (
          <Link to={dayLink} className="agenda-more">
            +{more} more<span className="visually-hidden"> on {heading}</span>
          </Link>
        ) : null}
        <Link to={addLink} preventScrollReset>
          Add a task on this day
        </Link>
      </p>
    </section>
  );
}
