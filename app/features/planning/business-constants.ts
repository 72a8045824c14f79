import type { GoalActionStatus } from "~/lib/db-schema";

/** A goal action's status; a goal's progress counts the done ones. */
export const ACTION_STATUSES: readonly { value: GoalActionStatus; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "in_progress", label: "In progress" },
  { value: "done", label: "Done" },
];

export const ACTION_STATUS_VALUES = ["pending", "in_progress", "done"] as const satisfies readonly GoalActionStatus[];

export function actionStatusLabel(status: string) {
  return ACTION_STATUSES.find((each) => each.value === status)?.label ?? status;
}

/** The business page's address, where every dialog of the area returns. */
export function businessPath(businessId: number) {
  return `/user/businesses/${businessId}`;
}

/** Progress of a goal: actions done out of all its actions, as a whole percentage. */
export function progressPercent(done: number, total: number) {
  return total === 0 ? 0 : Math.round((done / total) * 100);
}
