import type { Selectable } from "kysely";
import { compiledOnce, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { parseId } from "~/lib/ids";
import type { CalendarTasksTable } from "~/lib/db-schema";
import { isoMs } from "~/features/events/time";
import { addDays } from "~/features/journal/dates";
import { groupSummary, isOccurrence, occurrencesOf, type Occurrence, type Series } from "./recurrence.server";

export type CalendarTask = Selectable<CalendarTasksTable>;

/** What the task form saves: every field of a group; the ones a kind or a recurrence does not use
 * are null (the form's schema clears them). */
export type TaskFields = Omit<CalendarTask, "id" | "member_id" | "time_zone" | "created_at" | "updated_at" | "alert" | "end_date" | "skipped_dates"> & {
  alert: number;
  end_date?: string | null;
};

/** How far ahead a group's tracking list and counts look when the series has no end. */
export const OPEN_SERIES_DAYS = 365;

export async function listCategories(memberId: number) {
  const rows = await db.selectFrom("calendar_categories").select("name").where("member_id", "=", memberId).orderBy("name").execute();
  return rows.map((row) => row.name);
}

/** Keeps a new category for the member's next tasks (SPEC.md §4: "other" reveals a field). */
export async function keepCategory(memberId: number, name: string) {
  await db
    .insertInto("calendar_categories")
    .values({ member_id: memberId, name })
    .onConflict((conflict) => conflict.columns(["member_id", "name"]).doNothing())
    .execute();
}

export async function createTask(memberId: number, fields: TaskFields, timeZone: string) {
  const now = nowIso();
  if (fields.category) await keepCategory(memberId, fields.category);
  const row = await db
    .insertInto("calendar_tasks")
    .values({ ...fields, member_id: memberId, time_zone: timeZone, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Replaces a group's fields; its completed and cancelled occurrences stay where they still fall. */
export async function updateTask(memberId: number, taskId: number, fields: TaskFields) {
  if (fields.category) await keepCategory(memberId, fields.category);
  const result = await db
    .updateTable("calendar_tasks")
    .set({ ...fields, updated_at: nowIso() })
    .where("id", "=", taskId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function getOwnTask(memberId: number, taskId: number): Promise<CalendarTask | null> {
  return (await db.selectFrom("calendar_tasks").selectAll().where("id", "=", taskId).where("member_id", "=", memberId).executeTakeFirst()) ?? null;
}

export async function deleteTask(memberId: number, taskId: number) {
  const result = await db.deleteFrom("calendar_tasks").where("id", "=", taskId).where("member_id", "=", memberId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Deletes one occurrence of a repeating group (its mark too); the rest of the series stays. */
export async function deleteOccurrence(memberId: number, task: CalendarTask, date: string) {
  const skipped = new Set(task.skipped_dates ? task.skipped_dates.split(",") : []);
  skipped.add(date);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("calendar_tasks")
      .set({ skipped_dates: [...skipped].sort().join(","), updated_at: nowIso() })
      .where("id", "=", task.id)
      .where("member_id", "=", memberId)
      .execute();
    await trx.deleteFrom("calendar_occurrences").where("task_id", "=", task.id).where("member_id", "=", memberId).where("date", "=", date).execute();
  });
}

/** The member's marks of a group (or of several): completed and cancelled dates by task. */
async function marksOf(memberId: number, taskIds: number[], from?: string, to?: string) {
  const marks = new Map<number, Map<string, "completed" | "cancelled">>();
  if (!taskIds.length) return marks;
  let query = db.selectFrom("calendar_occurrences").select(["task_id", "date", "status"]).where("member_id", "=", memberId).where("task_id", "in", taskIds);
  if (from) query = query.where("date", ">=", from);
  if (to) query = query.where("date", "<=", to);
  for (const row of await query.execute()) {
    if (!marks.has(row.task_id)) marks.set(row.task_id, new Map());
    marks.get(row.task_id)!.set(row.date, row.status);
  }
  return marks;
}

export async function completedCount(memberId: number, taskId: number) {
  const row = await db
    .selectFrom("calendar_occurrences")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("member_id", "=", memberId)
    .where("task_id", "=", taskId)
    .where("status", "=", "completed")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type CalendarOccurrence = Occurrence & {
  taskId: number;
  /** The occurrence's address: its group and its local date. */
  key: string;
  title: string;
  kind: CalendarTask["kind"];
  category: string | null;
  priority: number;
  place: string | null;
};

export const occurrenceKey = (taskId: number, date: string) => `${taskId}-${date}`;

/** An occurrence's key ("12-2026-11-27") as its group and date; null when it is not one. */
export function parseOccurrenceKey(key: unknown): { taskId: number; date: string } | null {
  const match = typeof key === "string" ? /^(\d+)-(\d{4}-\d{2}-\d{2})$/.exec(key) : null;
  // A group id a table can hold (PostgreSQL refused a larger one with an error, a 500).
  const taskId = match ? parseId(match[1]) : null;
  return match && taskId !== null ? { taskId, date: match[2] } : null;
}

/** What an occurrence shows of its group, besides its rule. */
type Described = Series & Pick<CalendarTask, "id" | "title" | "kind" | "category" | "priority" | "place">;

function described(task: Described, occurrence: Occurrence): CalendarOccurrence {
  // A literal, not a spread followed by more properties: ~0.5 µs a property after a spread in
  // V8 (Node 20), and a month may describe some 1,500 occurrences (docs/performance.md).
  return {
    date: occurrence.date,
    start: occurrence.start,
    end: occurrence.end,
    startsAt: occurrence.startsAt,
    endsAt: occurrence.endsAt,
    status: occurrence.status,
    code: occurrence.code,
    isVisible: occurrence.isVisible,
    taskId: task.id,
    key: occurrenceKey(task.id, occurrence.date),
    title: task.title,
    kind: task.kind,
    category: task.category,
    priority: task.priority,
    place: task.place,
  };
}

/** Every occurrence of the member's groups on the local dates `from` to `to`, by start. */
export async function occurrencesBetween(memberId: number, from: string, to: string, now = new Date()): Promise<CalendarOccurrence[]> {
  const [found] = await occurrencesInRanges(memberId, [{ from, to }], now);
  return found;
}

/** occurrencesBetween for each of several ranges (a month's page and today), the member's series
 * read once (200 series' rows took ~1.4 ms a read). */
export async function occurrencesInRanges(memberId: number, ranges: { from: string; to: string }[], now = new Date()): Promise<CalendarOccurrence[][]> {
  const from = ranges.reduce((first, range) => (range.from < first ? range.from : first), ranges[0].from);
  const to = ranges.reduce((last, range) => (range.to > last ? range.to : last), ranges[0].to);
  const tasks = await rowsOf(seriesBetween(memberId, from, to));
  const ids = tasks.map((task) => task.id);
  return Promise.all(
    ranges.map(async (range) => {
      const marks = await marksOf(memberId, ids, range.from, range.to);
      const found = tasks.flatMap((task) =>
        occurrencesOf(task, range.from, range.to, marks.get(task.id) ?? new Map(), now).map((occurrence) => described(task, occurrence)),
      );
      // The instants are written alike (isoOf), so their text sorts as they do: compared as
      // text, not with localeCompare (ICU's collation, several times slower over ~1,300).
      return found.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : 0) || b.priority - a.priority || a.taskId - b.taskId);
    }),
  );
}

/** Until when (ms) the statuses of these occurrences hold: the end of the first pending one
 * still to end (it is missed after it, recurrence.server.ts), Infinity when none is. */
export function statusesHoldUntil(lists: readonly (readonly CalendarOccurrence[])[], now: Date) {
  const nowMs = now.getTime();
  let until = Infinity;
  for (const list of lists) {
    for (const occurrence of list) {
      if (occurrence.status !== "pending") continue;
      const endsMs = isoMs(occurrence.endsAt);
      if (endsMs >= nowMs && endsMs < until) until = endsMs;
    }
  }
  return until;
}

/** The member's series that may have an occurrence from `from` to `to`: what their occurrences
 * show (described) and their rules. */
const seriesBetween = compiledOnce((memberId: number, from: string, to: string) =>
  db
    .selectFrom("calendar_tasks")
    .select(["id", "title", "kind", "category", "priority", "place"])
    .select([
      "recurrence",
      "weekdays",
      "month_day",
      "month_nth",
      "month_weekday",
      "year_month",
      "year_day",
      "start_date",
      "start_time",
      "end_time",
      "until_date",
      "occurrence_count",
      "time_zone",
    ])
    .select(["end_date", "skipped_dates", "created_at"])
    .where("member_id", "=", memberId)
    .where("start_date", "<=", to)
    .where((eb) => eb.or([eb("until_date", "is", null), eb("until_date", ">=", from), eb("occurrence_count", "is not", null)])),
);

/** The dates a group's tracking list covers: its whole series, or up to a year past today when
 * it has no end. */
export function groupRange(series: Series, today: string) {
  const horizon = addDays(today > series.start_date ? today : series.start_date, OPEN_SERIES_DAYS);
  if (series.occurrence_count) return { from: series.start_date, to: "9999-12-31" };
  return { from: series.start_date, to: series.until_date ?? horizon };
}

/** A group with its occurrences (the task view's tracking list) and SPEC.md §3's counts. */
export async function taskGroup(memberId: number, taskId: number, today: string, now = new Date()) {
  const task = await getOwnTask(memberId, taskId);
  if (!task) return null;
  const { from, to } = groupRange(task, today);
  const marks = (await marksOf(memberId, [task.id])).get(task.id) ?? new Map();
  const occurrences = occurrencesOf(task, from, to, marks, now).map((occurrence) => described(task, occurrence));
  return { task, occurrences, summary: groupSummary(occurrences) };
}

/** One occurrence of the member's, or null when the group is not theirs or does not happen that
 * day. */
export async function getOwnOccurrence(memberId: number, key: unknown, now = new Date()) {
  const parsed = parseOccurrenceKey(key);
  if (!parsed) return null;
  const task = await getOwnTask(memberId, parsed.taskId);
  if (!task || !isOccurrence(task, parsed.date)) return null;
  const marks = (await marksOf(memberId, [task.id], parsed.date, parsed.date)).get(task.id) ?? new Map();
  const [occurrence] = occurrencesOf(task, parsed.date, parsed.date, marks, now);
  return { task, occurrence: described(task, occurrence) };
}

/** Marks one occurrence completed or cancelled (the caller has checked it is the member's). */
export async function markOccurrence(memberId: number, taskId: number, date: string, status: "completed" | "cancelled") {
  const now = nowIso();
  await db
    .insertInto("calendar_occurrences")
    .values({ task_id: taskId, member_id: memberId, date, status, updated_at: now })
    .onConflict((conflict) => conflict.columns(["task_id", "date"]).doUpdateSet({ status, updated_at: now }))
    .execute();
}

/** Everything of the member's calendar, for the account's data export. */
export async function calendarDataOf(memberId: number) {
  const [categories, tasks, occurrences] = await Promise.all([
    listCategories(memberId),
    db.selectFrom("calendar_tasks").selectAll().where("member_id", "=", memberId).orderBy("id").execute(),
    db
      .selectFrom("calendar_occurrences")
      .select(["task_id", "date", "status", "updated_at"])
      .where("member_id", "=", memberId)
      .orderBy("task_id")
      .orderBy("date")
      .execute(),
  ]);
  return { categories, tasks: tasks.map(({ member_id: _member, ...task }) => task), occurrences };
}
