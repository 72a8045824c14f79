import { utcToWallClock } from "~/features/events/time";
import type { CalendarOccurrence } from "./calendar.server";

/** An occurrence as the pages show it: times on the member's clock now (their zone may differ
 * from the one they created the series in), and only what they show (a month may hold
 * thousands). */
export function shownOccurrence(occurrence: CalendarOccurrence, timeZone: string) {
  return shownWith(occurrence, (iso) => utcToWallClock(iso, timeZone));
}

function shownWith(occurrence: CalendarOccurrence, clockOf: (iso: string) => string) {
  return {
    key: occurrence.key,
    taskId: occurrence.taskId,
    title: occurrence.title,
    kind: occurrence.kind,
    place: occurrence.place,
    status: occurrence.status,
    start: clockOf(occurrence.startsAt),
    end: clockOf(occurrence.endsAt),
  };
}

export type ShownOccurrence = ReturnType<typeof shownOccurrence>;

/** shownOccurrence for a page's list: each instant's wall clock worked out once (the bench's
 * month of 200 series: 2,612 starts and ends, 928 different instants). */
export function shownOccurrences(occurrences: readonly CalendarOccurrence[], timeZone: string) {
  const clocks = new Map<string, string>();
  const clockOf = (iso: string) => {
    let clock = clocks.get(iso);
    if (clock === undefined) clocks.set(iso, (clock = utcToWallClock(iso, timeZone)));
    return clock;
  };
  return occurrences.map((occurrence) => shownWith(occurrence, clockOf));
}
