import { formatDate, formatDateTime } from "~/lib/format";
import { useTimeZone } from "./root-data";

/** An instant (ISO UTC) as the viewer reads it: on their zone's wall clock ("25 Nov 2026, 14:05"),
 * or just the date with `dateOnly`. */
export function ViewerTime({ value, dateOnly = false, className }: { value: string; dateOnly?: boolean; className?: string }) {
  const timeZone = useTimeZone();
  return (
    <time className={className} dateTime={value}>
      {dateOnly ? formatDate(value, timeZone) : formatDateTime(value, timeZone)}
    </time>
  );
}
