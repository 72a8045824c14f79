import { compiledPerLimit, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import type { GoalActionStatus } from "~/lib/db-schema";
import type { BusinessInput } from "./business-schema";

// A member's businesses and what the business page shows. Every query is scoped by the
// member's id; another member's business is null, as if there were none.

export async function createBusiness(memberId: number, input: BusinessInput) {
  const now = nowIso();
  const { id } = await db
    .insertInto("businesses")
    .values({ member_id: memberId, ...input, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateBusiness(memberId: number, businessId: number, input: BusinessInput) {
  const result = await db
    .updateTable("businesses")
    .set({ ...input, updated_at: nowIso() })
    .where("id", "=", businessId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function getBusiness(memberId: number, businessId: number) {
  return (await db.selectFrom("businesses").selectAll().where("id", "=", businessId).where("member_id", "=", memberId).executeTakeFirst()) ?? null;
}

/** The member's businesses, by name, each with its goals and actions counted. */
export async function listBusinesses(memberId: number) {
  const rows = await db
    .selectFrom("businesses")
    .select(["businesses.id", "businesses.name", "businesses.industry", "businesses.website"])
    .select((eb) => [
      eb
        .selectFrom("business_goals")
        .select((inner) => inner.fn.countAll<number>().as("count"))
        .whereRef("business_goals.business_id", "=", "businesses.id")
        .as("goals"),
      eb
        .selectFrom("goal_actions")
        .innerJoin("business_goals", "business_goals.id", "goal_actions.goal_id")
        .select((inner) => inner.fn.countAll<number>().as("count"))
        .whereRef("business_goals.business_id", "=", "businesses.id")
        .as("actions"),
      eb
        .selectFrom("goal_actions")
        .innerJoin("business_goals", "business_goals.id", "goal_actions.goal_id")
        .select((inner) => inner.fn.countAll<number>().as("count"))
        .whereRef("business_goals.business_id", "=", "businesses.id")
        .where("goal_actions.status", "=", "done")
        .as("done"),
    ])
    .where("businesses.member_id", "=", memberId)
    .orderBy("businesses.name")
    .orderBy("businesses.id")
    .execute();
  return rows.map((row) => ({ ...row, goals: Number(row.goals ?? 0), actions: Number(row.actions ?? 0), done: Number(row.done ?? 0) }));
}

/** Goals (by target date, undated last), each with its actions (by due date) and each action's
 * contents (newest first): the whole business page. */
export async function businessPlan(memberId: number, businessId: number) {
  const goals = await db
    .selectFrom("business_goals")
    .selectAll()
    .where("member_id", "=", memberId)
    .where("business_id", "=", businessId)
    .orderBy((eb) => eb.case().when("target_date", "is", null).then(1).else(0).end())
    .orderBy("target_date")
    .orderBy("id")
    .execute();
  const goalIds = goals.map((goal) => goal.id);
  const actions = goalIds.length
    ? await db
        .selectFrom("goal_actions")
        .selectAll()
        .where("member_id", "=", memberId)
        .where("goal_id", "in", goalIds)
        .orderBy((eb) => eb.case().when("due_date", "is", null).then(1).else(0).end())
        .orderBy("due_date")
        .orderBy("id")
        .execute()
    : [];
  const actionIds = actions.map((action) => action.id);
  const contents = actionIds.length
    ? await db
        .selectFrom("action_contents")
        .leftJoin("files", "files.id", "action_contents.file_id")
        .selectAll("action_contents")
        .select(["files.token as file_token", "files.original_name as file_name"])
        .where("action_contents.member_id", "=", memberId)
        .where("action_contents.action_id", "in", actionIds)
        .orderBy("action_contents.noted_on", "desc")
        .orderBy("action_contents.id", "desc")
        .execute()
    : [];
  return goals.map((goal) => {
    const own = actions.filter((action) => action.goal_id === goal.id);
    return {
      ...goal,
      done: own.filter((action) => action.status === "done").length,
      total: own.length,
      actions: own.map((action) => ({
        ...action,
        contents: contents
          .filter((content) => content.action_id === action.id)
          .map(({ file_token, file_name, ...content }) => ({
            ...content,
            attachment: file_token ? { url: fileUrl(file_token), name: file_name ?? "attachment" } : null,
          })),
      })),
    };
  });
}

export type BusinessGoalView = Awaited<ReturnType<typeof businessPlan>>[number];

/** The files attached to contents under these actions (deleted with them, after the rows). */
async function attachmentsOf(trx: typeof db, memberId: number, actionIds: number[]) {
  if (!actionIds.length) return [];
  const rows = await trx
    .selectFrom("action_contents")
    .select("file_id")
    .where("member_id", "=", memberId)
    .where("action_id", "in", actionIds)
    .where("file_id", "is not", null)
    .execute();
  return rows.map((row) => row.file_id as number);
}

/** Deletes actions with their contents, in the caller's transaction; the attachments' ids. */
export async function deleteActionsIn(trx: typeof db, memberId: number, actionIds: number[]) {
  if (!actionIds.length) return [];
  const files = await attachmentsOf(trx, memberId, actionIds);
  await trx.deleteFrom("action_contents").where("member_id", "=", memberId).where("action_id", "in", actionIds).execute();
  await trx.deleteFrom("goal_actions").where("member_id", "=", memberId).where("id", "in", actionIds).execute();
  return files;
}

/** Deletes goals with their actions and contents, in the caller's transaction. */
export async function deleteGoalsIn(trx: typeof db, memberId: number, goalIds: number[]) {
  if (!goalIds.length) return [];
  const actions = await trx.selectFrom("goal_actions").select("id").where("member_id", "=", memberId).where("goal_id", "in", goalIds).execute();
  const files = await deleteActionsIn(
    trx,
    memberId,
    actions.map((action) => action.id),
  );
  await trx.deleteFrom("business_goals").where("member_id", "=", memberId).where("id", "in", goalIds).execute();
  return files;
}

/** The stored files go once their rows are gone (the store is not part of the transaction). */
export async function deleteAttachments(fileIds: number[]) {
  for (const fileId of fileIds) await deleteFile(fileId);
}

/** Deletes the business with its goals, actions and contents in one transaction. */
export async function deleteBusiness(memberId: number, businessId: number) {
  const files = await db.transaction().execute(async (trx) => {
    const goals = await trx.selectFrom("business_goals").select("id").where("member_id", "=", memberId).where("business_id", "=", businessId).execute();
    const files = await deleteGoalsIn(
      trx,
      memberId,
      goals.map((goal) => goal.id),
    );
    const result = await trx.deleteFrom("businesses").where("id", "=", businessId).where("member_id", "=", memberId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0 ? files : null;
  });
  if (files === null) return false;
  await deleteAttachments(files);
  return true;
}

const nextActionsOf = compiledPerLimit(
  (limit) => (memberId: number) =>
    db
      .selectFrom("goal_actions")
      .innerJoin("business_goals", "business_goals.id", "goal_actions.goal_id")
      .innerJoin("businesses", "businesses.id", "business_goals.business_id")
      .select([
        "goal_actions.id",
        "goal_actions.title",
        "goal_actions.due_date",
        "goal_actions.status",
        "business_goals.title as goal_title",
        "businesses.id as business_id",
        "businesses.name as business_name",
      ])
      .where("goal_actions.member_id", "=", memberId)
      .where("goal_actions.status", "!=", "done")
      .where("goal_actions.due_date", "is not", null)
      .orderBy("goal_actions.due_date")
      .orderBy("goal_actions.id")
      .limit(limit),
);

/** The member's next actions that are not done, earliest due first (undated ones are not
 * "due"), each saying whether its day (`today`, the member's date) has passed: the home
 * page's short list. */
export async function nextActions(memberId: number, limit = 5, today = new Date().toISOString().slice(0, 10)) {
  const rows = await rowsOf(nextActionsOf(limit)(memberId));
  return rows.map((row) => ({ ...row, due_date: row.due_date as string, status: row.status as GoalActionStatus, overdue: (row.due_date as string) < today }));
}
