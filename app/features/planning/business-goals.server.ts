import { db, nowIso } from "~/lib/db.server";
import { fileUrl } from "~/lib/files.server";
import type { ActionInput, ContentInput, GoalInput } from "./business-schema";
import type { GoalActionStatus } from "~/lib/db-schema";
import { deleteActionsIn, deleteAttachments, deleteGoalsIn } from "./business.server";

// A business's goals, their actions and the actions' contents. A lookup takes the member's id
// and, from a product address, the business it must belong to; anything else is null.

export async function createGoal(memberId: number, businessId: number, input: GoalInput) {
  const now = nowIso();
  const { id } = await db
    .insertInto("business_goals")
    .values({ member_id: memberId, business_id: businessId, ...input, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function getGoal(memberId: number, goalId: number, businessId?: number) {
  let query = db.selectFrom("business_goals").selectAll().where("id", "=", goalId).where("member_id", "=", memberId);
  if (businessId !== undefined) query = query.where("business_id", "=", businessId);
  return (await query.executeTakeFirst()) ?? null;
}

export async function updateGoal(memberId: number, goalId: number, input: GoalInput) {
  const result = await db
    .updateTable("business_goals")
    .set({ ...input, updated_at: nowIso() })
    .where("id", "=", goalId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the goal with its actions and their contents, in one transaction. */
export async function deleteGoal(memberId: number, goalId: number) {
  const files = await db.transaction().execute((trx) => deleteGoalsIn(trx, memberId, [goalId]));
  await deleteAttachments(files);
}

/** How many actions and contents go with the goal (said in the confirmation). */
export async function goalChildren(memberId: number, goalId: number) {
  const actions = await db.selectFrom("goal_actions").select("id").where("member_id", "=", memberId).where("goal_id", "=", goalId).execute();
  return {
    actions: actions.length,
    contents: await countContents(
      memberId,
      actions.map((action) => action.id),
    ),
  };
}

async function countContents(memberId: number, actionIds: number[]) {
  if (!actionIds.length) return 0;
  const { count } = await db
    .selectFrom("action_contents")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("member_id", "=", memberId)
    .where("action_id", "in", actionIds)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function createAction(memberId: number, goalId: number, input: ActionInput) {
  const now = nowIso();
  const { id } = await db
    .insertInto("goal_actions")
    .values({ member_id: memberId, goal_id: goalId, ...input, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The action with its goal's title and business. */
export async function getAction(memberId: number, actionId: number, businessId?: number) {
  let query = db
    .selectFrom("goal_actions")
    .innerJoin("business_goals", "business_goals.id", "goal_actions.goal_id")
    .selectAll("goal_actions")
    .select(["business_goals.business_id", "business_goals.title as goal_title"])
    .where("goal_actions.id", "=", actionId)
    .where("goal_actions.member_id", "=", memberId);
  if (businessId !== undefined) query = query.where("business_goals.business_id", "=", businessId);
  return (await query.executeTakeFirst()) ?? null;
}

export async function updateAction(memberId: number, actionId: number, input: ActionInput) {
  const result = await db
    .updateTable("goal_actions")
    .set({ ...input, updated_at: nowIso() })
    .where("id", "=", actionId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setActionStatus(memberId: number, actionId: number, status: GoalActionStatus) {
  const result = await db
    .updateTable("goal_actions")
    .set({ status, updated_at: nowIso() })
    .where("id", "=", actionId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the action with its contents, in one transaction. */
export async function deleteAction(memberId: number, actionId: number) {
  const files = await db.transaction().execute((trx) => deleteActionsIn(trx, memberId, [actionId]));
  await deleteAttachments(files);
}

export async function actionContentCount(memberId: number, actionId: number) {
  return countContents(memberId, [actionId]);
}

export async function createContent(memberId: number, actionId: number, input: ContentInput, fileId: number | null) {
  const now = nowIso();
  const { id } = await db
    .insertInto("action_contents")
    .values({
      member_id: memberId,
      action_id: actionId,
      noted_on: input.noted_on,
      note: input.note,
      link: input.link,
      file_id: fileId,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** The content with its action's title, its business and its attachment. */
export async function getContent(memberId: number, contentId: number, businessId?: number) {
  let query = db
    .selectFrom("action_contents")
    .innerJoin("goal_actions", "goal_actions.id", "action_contents.action_id")
    .innerJoin("business_goals", "business_goals.id", "goal_actions.goal_id")
    .leftJoin("files", "files.id", "action_contents.file_id")
    .selectAll("action_contents")
    .select(["business_goals.business_id", "goal_actions.title as action_title", "files.token as file_token", "files.original_name as file_name"])
    .where("action_contents.id", "=", contentId)
    .where("action_contents.member_id", "=", memberId);
  if (businessId !== undefined) query = query.where("business_goals.business_id", "=", businessId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const { file_token, file_name, ...content } = row;
  return { ...content, attachment: file_token ? { url: fileUrl(file_token), name: file_name ?? "attachment" } : null };
}

/** Saves the content; a new attachment replaces the old one, which is deleted (as is the old
 * one when the member asked to remove it). */
export async function updateContent(memberId: number, contentId: number, input: ContentInput, fileId: number | null) {
  const current = await db.selectFrom("action_contents").select("file_id").where("id", "=", contentId).where("member_id", "=", memberId).executeTakeFirst();
  if (!current) return false;
  const keep = fileId === null && !input.remove_attachment;
  await db
    .updateTable("action_contents")
    .set({ noted_on: input.noted_on, note: input.note, link: input.link, file_id: keep ? current.file_id : fileId, updated_at: nowIso() })
    .where("id", "=", contentId)
    .where("member_id", "=", memberId)
    .execute();
  if (!keep && current.file_id) await deleteAttachments([current.file_id]);
  return true;
}

export async function deleteContent(memberId: number, contentId: number) {
  const current = await db.selectFrom("action_contents").select("file_id").where("id", "=", contentId).where("member_id", "=", memberId).executeTakeFirst();
  if (!current) return false;
  await db.deleteFrom("action_contents").where("id", "=", contentId).where("member_id", "=", memberId).execute();
  if (current.file_id) await deleteAttachments([current.file_id]);
  return true;
}
