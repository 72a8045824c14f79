import { occurrencesInRanges, statusesHoldUntil } from "./calendar.server";
import { KeptCalendars } from "./kept.server";
import { firstOfEachDay } from "./month-days";
import { calendarRange, type CalendarView } from "./range";
import { shownOccurrences } from "./shown.server";

/** What the calendar page shows, made once per state of the member's calendar (kept.server.ts):
 * a busy month is ~1,300 occurrences counted, timed and sorted to show ~175. Up to some 50,000
 * occurrences' worth of pages are kept. */
const pages = new KeptCalendars<CalendarPage>(50_000);
let made = 0;

export type CalendarPage = Awaited<ReturnType<typeof makePage>>["value"];

/** The shown range's occurrences (a month's first few of each day, with how many more each day
 * holds) and today's, for the member's calendar as it is now. */
export function calendarPage(memberId: number, timeZone: string, view: CalendarView, date: string, today: string) {
  return pages.get(memberId, `${timeZone} ${view} ${date} ${today}`, async () => {
    const page = await makePage(memberId, timeZone, view, date, today, new Date());
    return { value: page.value, holdsUntil: page.holdsUntil, cost: page.value.occurrences.length + page.value.daily.length + 20 };
  });
}

async function makePage(memberId: number, timeZone: string, view: CalendarView, date: string, today: string, now: Date) {
  const range = calendarRange(view, date);
  // Today's are among the shown range's when it holds today (most visits): taken from them
  // rather than counted again.
  const holdsToday = range.from <= today && today <= range.to;
  const [occurrences, daily] = await occurrencesInRanges(memberId, holdsToday ? [range] : [range, { from: today, to: today }], now);
  const shown = (list: typeof occurrences) => shownOccurrences(list, timeZone);
  const { kept, more } = range.view === "month" ? firstOfEachDay(shown(occurrences)) : { kept: shown(occurrences), more: {} };
  const value = {
    range,
    today,
    occurrences: kept,
    more,
    daily: shown(daily ?? occurrences.filter((occurrence) => occurrence.date === today)),
    /** Names what the lists were made from, for the HTML the server keeps of them (RenderCache). */
    made: `c${(made++).toString(36)}`,
  };
  return { value, holdsUntil: statusesHoldUntil(daily ? [occurrences, daily] : [occurrences], now) };
}
