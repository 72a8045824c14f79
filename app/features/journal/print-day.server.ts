import { getJournalEntry, type JournalEntry } from "./journal.server";
import type { PrintedTask } from "./PrintedTasks";

export type { PrintedTask };

/** What the print view of a day shows: the day's tasks and its journal. */
export type PrintDay = { date: string; tasks: PrintedTask[]; journal: JournalEntry | null };

/** The member's day to print. The calendar's tasks of the day go into `tasks` (the calendar
 * area lists them; until it is wired in, a day prints its journal only, and the print view
 * shows the tasks section only when there are tasks). */
export async function printDay(memberId: number, date: string): Promise<PrintDay> {
  const journal = await getJournalEntry(memberId, date);
  return { date, tasks: [], journal };
}
