// Planning's shared constants: what the forms, lists and schemas of the wish list and big tasks
// all need. Components import this file, never the schemas (zod stays on the server).

import { type Choice } from "~/lib/choices";
import { yearChoices as choicesOfYears } from "~/lib/dates";

export { labelOf, valuesOf, type Choice } from "~/lib/choices";
export { thisYear, yearFromAddress } from "~/lib/dates";

/** The year selector's choices: a few years back and many ahead (plans look forward), and the one shown. */
export function yearChoices(current: number, shown: number) {
  return choicesOfYears(current, shown, { back: 3, ahead: 10 });
}

/** Wish list types: what the member wants to have, to do, to be (become), where to travel and
 * what to learn. */
export const WISH_LIST_TYPES = [
  { value: "have", label: "Have" },
  { value: "do", label: "Do" },
  { value: "be", label: "Be" },
  { value: "travel", label: "Travel" },
  { value: "learn", label: "Learn" },
] as const satisfies readonly Choice<string>[];
export type WishListType = (typeof WISH_LIST_TYPES)[number]["value"];

export const WISH_LIST_STATUSES = [
  { value: "open", label: "Open" },
  { value: "in_progress", label: "In progress" },
  { value: "achieved", label: "Achieved" },
  { value: "dropped", label: "Dropped" },
] as const satisfies readonly Choice<string>[];
export type WishListStatus = (typeof WISH_LIST_STATUSES)[number]["value"];

export const BIG_TASK_STATUSES = [
  { value: "pending", label: "Pending" },
  { value: "in_progress", label: "In progress" },
  { value: "done", label: "Done" },
  { value: "dropped", label: "Dropped" },
] as const satisfies readonly Choice<string>[];
export type BigTaskStatus = (typeof BIG_TASK_STATUSES)[number]["value"];

/** SPEC.md §9: priority 1 to 10; 1–3 Low, 4–7 Medium, 8–10 High, with stars per step. */
export const PRIORITY_BANDS = [
  { value: "low", label: "Low", from: 1, to: 3 },
  { value: "medium", label: "Medium", from: 4, to: 7 },
  { value: "high", label: "High", from: 8, to: 10 },
] as const;
export type PriorityBand = (typeof PRIORITY_BANDS)[number]["value"];

export function priorityBand(priority: number) {
  return PRIORITY_BANDS.find((band) => priority >= band.from && priority <= band.to) ?? PRIORITY_BANDS[0];
}

/** SPEC.md §9: priority 1 to 10, each named with its band and shown with its stars (big tasks and
 * the calendar). */
export const PRIORITY_CHOICES = Array.from({ length: 10 }, (_, index) => {
  const priority = index + 1;
  return { value: String(priority), label: `${priority} · ${priorityBand(priority).label} ${"★".repeat(priority)}` };
});
