import { compiledPerLimit, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { type BigTaskStatus, PRIORITY_BANDS, type PriorityBand } from "./constants";
import type { BigTaskInput } from "./big-task-schema";

export type BigTaskFilter = { year: number; status?: BigTaskStatus | null; priority?: PriorityBand | null };

export async function createBigTask(memberId: number, input: BigTaskInput) {
  const now = nowIso();
  const { id } = await db
    .insertInto("big_tasks")
    .values({ member_id: memberId, ...fieldsOf(input), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

function fieldsOf(input: BigTaskInput) {
  return {
    title: input.title,
    description: input.description,
    priority: input.priority,
    year: input.year,
    due_date: input.due_date,
    status: input.status,
  };
}

export async function updateBigTask(memberId: number, id: number, input: BigTaskInput) {
  const result = await db
    .updateTable("big_tasks")
    .set({ ...fieldsOf(input), updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function getOwnBigTask(memberId: number, id: number) {
  return (await db.selectFrom("big_tasks").selectAll().where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst()) ?? null;
}

export async function setBigTaskStatus(memberId: number, id: number, status: BigTaskStatus) {
  const result = await db
    .updateTable("big_tasks")
    .set({ status, updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteBigTask(memberId: number, id: number) {
  const result = await db.deleteFrom("big_tasks").where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** One year of the member's big tasks, filtered; the most important first, then by due date. */
export async function listBigTasks(memberId: number, { year, status, priority }: BigTaskFilter) {
  let query = db
    .selectFrom("big_tasks")
    .select(["id", "title", "description", "priority", "year", "due_date", "status"])
    .where("member_id", "=", memberId)
    .where("year", "=", year);
  if (status) query = query.where("status", "=", status);
  const band = PRIORITY_BANDS.find((each) => each.value === priority);
  if (band) query = query.where("priority", ">=", band.from).where("priority", "<=", band.to);
  return query
    .orderBy("priority", "desc")
    .orderBy((eb) => eb.case().when("due_date", "is", null).then(1).else(0).end())
    .orderBy("due_date")
    .orderBy("id")
    .execute();
}

const openTasksOf = compiledPerLimit(
  (limit) => (memberId: number, year: number) =>
    db
      .selectFrom("big_tasks")
      .select(["id", "title", "priority", "status", "due_date"])
      .where("member_id", "=", memberId)
      .where("year", "=", year)
      .where("status", "in", ["pending", "in_progress"])
      .orderBy("priority", "desc")
      .orderBy("id")
      .limit(limit),
);

/** The home page's Planning card: this year's tasks not done or dropped, the most important first. */
export async function openBigTasks(memberId: number, year: number, limit: number) {
  return rowsOf(openTasksOf(limit)(memberId, year));
}
