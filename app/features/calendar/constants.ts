// What the calendar's forms, pages and server share (no zod here: components import this file).

export const RECURRENCES = [
  { value: "none", label: "Does not repeat" },
  { value: "daily", label: "Daily" },
  { value: "weekly", label: "Weekly" },
  { value: "biweekly", label: "Every two weeks" },
  { value: "monthly", label: "Monthly" },
  { value: "yearly", label: "Yearly" },
] as const;
export type RecurrenceValue = (typeof RECURRENCES)[number]["value"];

/** rrule's weekday codes, Monday first, with their names. */
export const WEEKDAYS = [
  { value: "MO", label: "Monday" },
  { value: "TU", label: "Tuesday" },
  { value: "WE", label: "Wednesday" },
  { value: "TH", label: "Thursday" },
  { value: "FR", label: "Friday" },
  { value: "SA", label: "Saturday" },
  { value: "SU", label: "Sunday" },
] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number]["value"];

export const NTH_CHOICES = [
  { value: "1", label: "First" },
  { value: "2", label: "Second" },
  { value: "3", label: "Third" },
  { value: "4", label: "Fourth" },
  { value: "5", label: "Fifth" },
  { value: "-1", label: "Last" },
] as const;

export const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** SPEC.md §4: an occurrence's status as its code and colour. Cancelled is "other" (grey, struck
 * through, `is_visible` 1). */
export const STATUS_CODES = { pending: 0, completed: 1, missed: 2, cancelled: 3 } as const;
export type OccurrenceStatus = keyof typeof STATUS_CODES;
export const STATUS_LABELS: Record<OccurrenceStatus, string> = { pending: "Pending", completed: "Completed", missed: "Missed", cancelled: "Cancelled" };

/** SPEC.md §8 and §9's words, as its "Wording" section corrects them. */
export const COMPLETE_QUESTION = "Are you sure you want to mark this task complete?";
export const COMPLETED_MESSAGE = "Congratulations, you have finished your task!";
export const CANCEL_QUESTION = "Are you sure you want to cancel this task?";
export const EDITED_MESSAGE = "Task edited successfully.";
export const DELETE_QUESTION = "Are you sure you want to delete this task?";
export const deleteAgainQuestion = (completed: number) =>
  `There ${completed === 1 ? "is" : "are"} ${completed} completed ${completed === 1 ? "task" : "tasks"} in this task group. Do you still want to delete it?`;
/** The calendar's own notices. */
export const addedMessage = (title: string) => `${title} has been added to your calendar.`;
export const deletedMessage = (title: string) => `${title} has been deleted from your calendar.`;
/** `date` as the app writes dates ("6 Dec 2026"). */
export const occurrenceDeletedMessage = (title: string, date: string) => `${title} on ${date} has been deleted from your calendar.`;
export const cancelledMessage = (title: string, date: string) => `${title} on ${date} has been cancelled.`;
/** SPEC.md §9: the notices after which the calendar reloads itself, with JS, after 3 s. */
export const RELOAD_AFTER_MS = 3000;
export const RELOADING_MESSAGES: readonly string[] = [COMPLETED_MESSAGE, EDITED_MESSAGE];

/** The category choice that reveals the new-category field. */
export const OTHER_CATEGORY = "other";

/** How long before an alert-flagged occurrence its owner is told (a member setting), and the
 * feed's alarm. */
export const DEFAULT_ALERT_MINUTES = 15;
export const ALERT_LEAD_CHOICES = [
  { value: "5", label: "5 minutes before" },
  { value: "10", label: "10 minutes before" },
  { value: "15", label: "15 minutes before" },
  { value: "30", label: "30 minutes before" },
  { value: "60", label: "1 hour before" },
  { value: "120", label: "2 hours before" },
  { value: "1440", label: "1 day before" },
] as const;
