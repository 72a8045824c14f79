import { sql } from "kysely";
import { db, nowIso } from "~/lib/db.server";

/** A day's journal as members and SPEC.md's address see it. */
export type JournalEntry = { date: string; text: string; created_at: string; updated_at: string };

const COLUMNS = ["date", "text", "created_at", "updated_at"] as const;

/** The member's journal for `date`, or null when they have not written one. Another member's
 * journal of the same day is never reached: each member has their own days. */
export async function getJournalEntry(memberId: number, date: string): Promise<JournalEntry | null> {
  const entry = await db.selectFrom("journal_entries").select(COLUMNS).where("member_id", "=", memberId).where("date", "=", date).executeTakeFirst();
  return entry ?? null;
}

/** Writes the member's journal for `date`: the first save creates it, later ones replace the
 * text and keep when it was created. One statement, so two saves at once leave one entry. */
export async function saveJournalEntry(memberId: number, date: string, text: string): Promise<JournalEntry> {
  const now = nowIso();
  return db
    .insertInto("journal_entries")
    .values({ member_id: memberId, date, text, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.columns(["member_id", "date"]).doUpdateSet({ text, updated_at: now }))
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** How much of a day's text "Recent days" shows. */
const PREVIEW_LENGTH = 120;

/** The member's latest days with a journal, newest first, each with the start of its text:
 * the page's "Recent days". */
export async function recentJournalDays(memberId: number, limit = 7) {
  const days = await db
    .selectFrom("journal_entries")
    .select(["date", sql<string>`substr(text, 1, ${PREVIEW_LENGTH + 1})`.as("start")])
    .where("member_id", "=", memberId)
    .orderBy("date", "desc")
    .limit(limit)
    .execute();
  return days.map(({ date, start }) => ({ date, preview: preview(start) }));
}

/** A text's first line, cut at a word near PREVIEW_LENGTH with an ellipsis when longer. */
function preview(start: string) {
  const line =
    start
      .split("\n")
      .find((part) => part.trim())
      ?.trim() ?? "";
  if (line.length <= PREVIEW_LENGTH && line.length === start.trim().length) return line;
  const cut = line.length > PREVIEW_LENGTH ? line.slice(0, PREVIEW_LENGTH).replace(/\s+\S*$/, "") : line;
  return `${cut.replace(/[.…]+$/, "")}…`;
}

/** Every journal entry of the member, oldest day first: their journal as a whole, for the
 * account's data export. */
export async function listJournalEntries(memberId: number): Promise<JournalEntry[]> {
  return db.selectFrom("journal_entries").select(COLUMNS).where("member_id", "=", memberId).orderBy("date", "asc").execute();
}
