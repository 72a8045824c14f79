import { occurrencesBetween } from "~/features/calendar/calendar.server";
import { STATUS_LABELS } from "~/features/calendar/constants";
import { timeRange } from "~/features/calendar/OccurrenceStatus";
import { wallClockIn } from "~/features/calendar/range";
import { getJournalEntry, type JournalEntry } from "./journal.server";
import type { PrintedTask } from "./PrintedTasks";

export type { PrintedTask };

/** What the print view of a day shows: the day's tasks and its journal. */
export type PrintDay = { date: string; tasks: PrintedTask[]; journal: JournalEntry | null };

/** The member's day to print: the calendar's occurrences of the day, on the member's clock, and
 * the day's journal. */
export async function printDay(memberId: number, date: string, timeZone = "UTC"): Promise<PrintDay> {
  const [journal, occurrences] = await Promise.all([getJournalEntry(memberId, date), occurrencesBetween(memberId, date, date)]);
  const tasks = occurrences.map((occurrence) => ({
    key: occurrence.key,
    title: occurrence.title,
    time: timeRange(wallClockIn(occurrence.startsAt, timeZone), wallClockIn(occurrence.endsAt, timeZone)),
    status: STATUS_LABELS[occurrence.status],
  }));
  return { date, tasks, journal };
}
