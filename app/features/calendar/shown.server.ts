import { utcToWallClock } from "~/features/events/time";
import type { CalendarOccurrence } from "./calendar.server";

/** An occurrence as the pages show it: times on the member's clock now (their zone may differ
 * from the one they created the series in), and only what they show (a month may hold
 * thousands). */
export function shownOccurrence(occurrence: CalendarOccurrence, timeZone: string) {
  return {
    key: occurrence.key,
    taskId: occurrence.taskId,
    title: occurrence.title,
    kind: occurrence.kind,
    place: occurrence.place,
    status: occurrence.status,
    start: utcToWallClock(occurrence.startsAt, timeZone),
    end: utcToWallClock(occurrence.endsAt, timeZone),
  };
}

export type ShownOccurrence = ReturnType<typeof shownOccurrence>;
