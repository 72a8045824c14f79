import { formatWallClock } from "~/lib/format";
import { STATUS_LABELS, type OccurrenceStatus } from "./constants";

/** SPEC.md §4's marker: yellow pending, green completed, red missed, grey cancelled. */
export function StatusBadge({ status }: { status: OccurrenceStatus }) {
  return <span className={`occurrence-status occurrence-status--${status}`}>{STATUS_LABELS[status]}</span>;
}

/** "09:00–10:00" of wall-clock "YYYY-MM-DDTHH:MM" times; "09:00" for a moment (an appointment). */
export const timeRange = (start: string, end: string) => (start === end ? start.slice(11, 16) : `${start.slice(11, 16)}–${end.slice(11, 16)}`);

/** "Sun 6 Dec 2026, 09:00–10:00", "Sun 6 Dec 2026, 09:00" (a moment) or "Fri 18 Dec 2026, 09:00 –
 * Sat 19 Dec 2026, 17:00" (a task over two days): an occurrence as the app writes dates. */
export function occurrenceWhen(start: string, end: string) {
  if (start === end) return formatWallClock(start);
  if (start.slice(0, 10) === end.slice(0, 10)) return `${formatWallClock(start)}–${end.slice(11, 16)}`;
  return `${formatWallClock(start)} – ${formatWallClock(end)}`;
}
