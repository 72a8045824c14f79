import { zoneOffsetMinutes } from "~/features/events/time";
import { addDays } from "~/features/journal/dates";

/** A span of calendar days, both ends included (YYYY-MM-DD). */
export type Period = { from: string; to: string };

/** The club's meeting week holding `day`: Monday to Sunday. */
export function weekOf(day: string): Period {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const from = addDays(day, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** The instant (ISO UTC) at which `day` begins on the wall clock of `timeZone`. */
export function startOfDay(day: string, timeZone: string) {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guess, then again at the instant it gives (a change of offset that night).
  let at = midnightUtc - zoneOffsetMinutes(midnightUtc, timeZone) * 60_000;
  at = midnightUtc - zoneOffsetMinutes(at, timeZone) * 60_000;
  return new Date(at).toISOString();
}

/** The instants a period covers in `timeZone`: from its first day's start, up to (not
 * including) the start of the day after its last. */
export function instantsOf(period: Period, timeZone: string) {
  return { start: startOfDay(period.from, timeZone), end: startOfDay(addDays(period.to, 1), timeZone) };
}
