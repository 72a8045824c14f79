import { STATUS_LABELS, type OccurrenceStatus } from "./constants";

/** SPEC.md §4's marker: yellow pending, green completed, red missed, grey cancelled. */
export function StatusBadge({ status }: { status: OccurrenceStatus }) {
  return <span className={`occurrence-status occurrence-status--${status}`}>{STATUS_LABELS[status]}</span>;
}

/** "09:00–10:00" of wall-clock "YYYY-MM-DDTHH:MM" times. */
export const timeRange = (start: string, end: string) => `${start.slice(11, 16)}–${end.slice(11, 16)}`;
