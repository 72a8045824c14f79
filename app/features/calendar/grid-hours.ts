/** The hours a week's or a day's grid shows when nothing is planned outside them: the working
 * day, so that the page opens on it rather than on midnight (the grid is as tall as its hours,
 * with no scroller of its own). */
const GRID_DAY_STARTS = 7;
const GRID_DAY_ENDS = 21;

const hourOf = (clock: string) => Number(clock.slice(11, 13));
const minuteOf = (clock: string) => Number(clock.slice(14, 16));
const slot = (hour: number) => `${String(hour).padStart(2, "0")}:00:00`;

/** FullCalendar's first and last slot times for `occurrences` (wall clocks, "YYYY-MM-DDTHH:MM"):
 * the working day, widened by whole hours to hold each of them; one that runs past midnight
 * fills the grid's end of its first day and the top of the next. */
export function gridHours(occurrences: { start: string; end: string }[]) {
  let from = GRID_DAY_STARTS;
  let to = GRID_DAY_ENDS;
  for (const { start, end } of occurrences) {
    from = Math.min(from, hourOf(start));
    if (end.slice(0, 10) > start.slice(0, 10)) {
      to = 24;
      if (hourOf(end) > 0 || minuteOf(end) > 0) from = 0;
    } else to = Math.max(to, hourOf(end) + (minuteOf(end) > 0 ? 1 : 0));
  }
  return { slotMinTime: slot(from), slotMaxTime: slot(to) };
}
