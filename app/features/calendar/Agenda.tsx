import { Link } from "@remix-run/react";
import { dayHeading } from "~/features/journal/dates";
import { EmptyState } from "~/ui/empty-state";
import { StatusBadge, timeRange } from "./OccurrenceStatus";
import type { ShownOccurrence } from "./shown.server";

/** The occurrences of the shown range as a list by day, rendered on the server: the calendar of a
 * member without JavaScript, and a readable list for everyone. */
export function Agenda({ occurrences, taskLink }: { occurrences: ShownOccurrence[]; taskLink: (taskId: number) => string }) {
  if (!occurrences.length) return <EmptyState>Nothing in your calendar for these dates.</EmptyState>;
  const days = new Map<string, ShownOccurrence[]>();
  for (const occurrence of occurrences) {
    const day = occurrence.start.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), occurrence]);
  }
  return (
    <ol className="agenda" aria-label="Agenda">
      {[...days].map(([day, list]) => (
        <li key={day}>
          <h3>{dayHeading(day)}</h3>
          <ul className="occurrence-list">
            {list.map((occurrence) => (
              <li key={occurrence.key} className={`occurrence occurrence--${occurrence.status}`}>
                <span className="occurrence-time">{timeRange(occurrence.start, occurrence.end)}</span>
                <Link to={taskLink(occurrence.taskId)} preventScrollReset className="occurrence-title">
                  {occurrence.title}
                </Link>
                {occurrence.kind === "appointment" ? <span className="muted">Appointment{occurrence.place ? ` · ${occurrence.place}` : ""}</span> : null}
                <StatusBadge status={occurrence.status} />
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
