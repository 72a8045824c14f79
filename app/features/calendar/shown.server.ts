import type { CalendarOccurrence } from "./calendar.server";
import { wallClockIn } from "./range";

/** An occurrence as the pages show it: times on the member's clock now (their zone may differ
 * from the one they created the series in). */
export function shownOccurrence(occurrence: CalendarOccurrence, timeZone: string) {
  return {
    key: occurrence.key,
    taskId: occurrence.taskId,
    title: occurrence.title,
    kind: occurrence.kind,
    category: occurrence.category,
    place: occurrence.place,
    priority: occurrence.priority,
    status: occurrence.status,
    code: occurrence.code,
    start: wallClockIn(occurrence.startsAt, timeZone),
    end: wallClockIn(occurrence.endsAt, timeZone),
  };
}

export type ShownOccurrence = ReturnType<typeof shownOccurrence>;
