/** How many occurrences a day of the month view shows; the rest are a "+N more" link to the day's
 * own view. A month of a member with 200 series held some 1,500 occurrences: a 605 KB page,
 * each listed in the agenda and again in the page's data for FullCalendar. */
export const MONTH_DAY_SHOWN = 5;

/** The first `shown` occurrences of each day (in the order given: by time), and how many more
 * each day holds (days with none left out). */
export function firstOfEachDay<T extends { start: string }>(occurrences: T[], shown = MONTH_DAY_SHOWN) {
  const kept: T[] = [];
  const counts = new Map<string, number>();
  const more: Record<string, number> = {};
  for (const occurrence of occurrences) {
    const day = occurrence.start.slice(0, 10);
    const count = (counts.get(day) ?? 0) + 1;
    counts.set(day, count);
    if (count <= shown) kept.push(occurrence);
    else more[day] = count - shown;
  }
  return { kept, more };
}
