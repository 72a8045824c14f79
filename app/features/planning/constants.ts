// Planning's shared constants: what the forms, lists and schemas of the wish list and big tasks
// all need. Components import this file, never the schemas (zod stays on the server).

export type Choice<T extends string> = { value: T; label: string };

/** The years a plan may be made for; a year outside them is refused (a 400 or a field message). */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2100;

export function isPlanningYear(year: number) {
  return Number.isInteger(year) && year >= FIRST_YEAR && year <= LAST_YEAR;
}

/** The year selector's choices: a few years back and ahead of this year, and the one shown. */
export function yearChoices(thisYear: number, shown: number) {
  const years = new Set<number>();
  for (let year = thisYear - 3; year <= thisYear + 10; year++) if (isPlanningYear(year)) years.add(year);
  years.add(shown);
  return [...years].sort((a, b) => a - b);
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

export function labelOf(choices: readonly Choice<string>[], value: string) {
  return choices.find((choice) => choice.value === value)?.label ?? value;
}

export function valuesOf<T extends string>(choices: readonly Choice<T>[]) {
  return choices.map((choice) => choice.value) as [T, ...T[]];
}

export function thisYear(now = new Date()) {
  return now.getUTCFullYear();
}

/** The `?year=` of a yearly page: this year when absent, null when it is not a planning year. */
export function yearFromAddress(value: string | null, now = new Date()) {
  if (value === null || value === "") return thisYear(now);
  return /^\d{4}$/.test(value) && isPlanningYear(Number(value)) ? Number(value) : null;
}
