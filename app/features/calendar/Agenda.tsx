import { dayHeading } from "~/features/journal/dates";
import { EmptyState } from "~/ui/empty-state";
import { useLinkClicks } from "~/ui/link-clicks";
import { StatusBadge, timeRange } from "./OccurrenceStatus";
import type { ShownOccurrence } from "./shown.server";

/** The occurrences of the shown range as a list by day, rendered on the server: the calendar of a
 * member without JavaScript, and a readable list for everyone. A month may list hundreds, so
 * the titles are plain links followed by one handler (ui/link-clicks.ts). A day of a month
 * holding more than it shows (`more`, month-days.ts) ends with a link to that day's view. */
export function Agenda({
  occurrences,
  more = {},
  taskLink,
  dayLink,
}: {
  occurrences: ShownOccurrence[];
  more?: Record<string, number>;
  taskLink: (taskId: number) => string;
  dayLink: (date: string) => string;
}) {
  const followLink = useLinkClicks({ preventScrollReset: true });
  if (!occurrences.length) return <EmptyState>Nothing in your calendar for these dates.</EmptyState>;
  const days = new Map<string, ShownOccurrence[]>();
  for (const occurrence of occurrences) {
    const day = occurrence.start.slice(0, 10);
    const list = days.get(day);
    if (list) list.push(occurrence);
    else days.set(day, [occurrence]);
  }
  return (
    <ol className="agenda" aria-label="Agenda" onClick={followLink}>
      {[...days].map(([day, list]) => (
        <li key={day}>
          <h3>{dayHeading(day)}</h3>
          <ul className="occurrence-list">
            {list.map((occurrence) => (
              <li key={occurrence.key} className={`occurrence occurrence--${occurrence.status}`}>
                <span className="occurrence-time">{timeRange(occurrence.start, occurrence.end)}</span>
                <a data-discover="true" href={taskLink(occurrence.taskId)} className="occurrence-title">
                  {occurrence.title}
                </a>
                {occurrence.kind === "appointment" ? <span className="muted">Appointment{occurrence.place ? ` · ${occurrence.place}` : ""}</span> : null}
                <StatusBadge status={occurrence.status} />
              </li>
            ))}
          </ul>
          {more[day] ? (
            <a data-discover="true" href={dayLink(day)} className="agenda-more">
              +{more[day]} more<span className="visually-hidden"> on {dayHeading(day)}</span>
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
