import { z } from "zod";
import { isCalendarDate } from "~/features/journal/dates";
import { optionalText } from "~/lib/schema-fields";
import type { TaskFields } from "./calendar.server";
import { OTHER_CATEGORY, RECURRENCES, WEEKDAYS } from "./constants";

export const TITLE_REQUIRED = "Enter a title.";
export const DATE_MESSAGE = "Enter a date as yyyy-mm-dd.";
export const TIME_MESSAGE = "Enter a time as hh:mm in 5-minute steps.";
export const END_BEFORE_START = "The end time must be after the start time.";
export const END_DATE_BEFORE_START = "The end date must be on or after the start date.";
export const END_TIME_REQUIRED = "Enter an end time as hh:mm in 5-minute steps.";
export const UNTIL_BEFORE_START = "The series must end on or after its start date.";
export const COUNT_MESSAGE = "Enter a number of occurrences from 1 to 500.";
export const NEW_CATEGORY_REQUIRED = "Enter the new category.";
export const PRIORITY_MESSAGE = "Choose a priority from 1 to 10.";
export const MONTH_WEEKDAY_MESSAGE = "Choose which weekday of the month.";
export const YEAR_DAY_MESSAGE = "Choose a day that the month has.";

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const weekdayCodes = WEEKDAYS.map((day) => day.value) as [string, ...string[]];

const date = z
  .string({ error: DATE_MESSAGE })
  .trim()
  .refine((value) => isCalendarDate(value) && value >= "1900-01-01" && value <= "2100-12-31", DATE_MESSAGE);
const time = z
  .string({ error: TIME_MESSAGE })
  .trim()
  .refine((value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value) && Number(value.slice(3)) % 5 === 0, TIME_MESSAGE);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
const whole = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => /^-?\d{1,3}$/.test(value) && Number(value) >= min && Number(value) <= max, message)
    .transform(Number);

/** SPEC.md §2's task form (create a task or an appointment; the edit form is the same). Every
 * field is sent without JavaScript; what the kind, the recurrence or the series' end does not use
 * is ignored here and saved as null. */
export const TaskFormSchema = z
  .object({
    kind: z
      .enum(["task", "appointment"], {
        error: "Choose a task or an appointment.",
      })
      .default("task"),
    title: z.string({ error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(150, "Use at most 150 characters."),
    category: optionalText(60),
    new_category: optionalText(60),
    recurrence: z.enum(RECURRENCES.map((choice) => choice.value) as [string, ...string[]], { error: "Choose how the task repeats." }).default("none"),
    weekdays: z.array(z.enum(weekdayCodes, { error: "Choose weekdays from the list." })).optional(),
    month_mode: z.enum(["day", "weekday"]).default("day"),
    month_day: optional(whole(-1, 31, "Choose a day of the month.").refine((value) => value !== 0, "Choose a day of the month.")),
    month_nth: optional(whole(-1, 5, MONTH_WEEKDAY_MESSAGE).refine((value) => value !== 0, MONTH_WEEKDAY_MESSAGE)),
    month_weekday: optional(z.enum(weekdayCodes, { error: MONTH_WEEKDAY_MESSAGE })),
    year_month: optional(whole(1, 12, "Choose a month.")),
    year_day: optional(whole(1, 31, YEAR_DAY_MESSAGE)),
    start_date: date,
    start_time: time,
    end_date: optional(date),
    end_time: optional(time),
    ends: z.enum(["never", "on", "after"]).default("never"),
    until_date: optional(date),
    occurrence_count: optional(whole(1, 500, COUNT_MESSAGE)),
    priority: whole(1, 10, PRIORITY_MESSAGE),
    // Optional (a box left unticked is not sent): the constraint must not say required.
    alert: z.preprocess((value) => (value === "on" || value === "1" ? 1 : 0), z.number().optional()).transform((value) => value ?? 0),
    place: optionalText(200),
    person: optionalText(200),
    description: optionalText(5000),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    // SPEC.md §4: an appointment is a moment (its end fields are hidden and ignored); a task may
    // end on a later day than it starts (a two-day fair).
    if (value.kind === "appointment") return;
    if (!value.end_time) issue("end_time", END_TIME_REQUIRED);
    if (value.end_date && value.end_date < value.start_date) issue("end_date", END_DATE_BEFORE_START);
    else if (value.end_time && (!value.end_date || value.end_date === value.start_date) && value.end_time <= value.start_time)
      issue("end_time", END_BEFORE_START);
    if (value.category === OTHER_CATEGORY && !value.new_category) issue("new_category", NEW_CATEGORY_REQUIRED);
    if (value.recurrence === "none") return;
    if (value.recurrence === "monthly" && value.month_mode === "weekday" && (!value.month_nth || !value.month_weekday))
      issue("month_nth", MONTH_WEEKDAY_MESSAGE);
    if (value.recurrence === "yearly" && value.year_month && value.year_day && value.year_day > DAYS_IN_MONTH[value.year_month - 1])
      issue("year_day", YEAR_DAY_MESSAGE);
    if (value.ends === "on" && !value.until_date) issue("until_date", DATE_MESSAGE);
    if (value.ends === "on" && value.until_date && value.until_date < value.start_date) issue("until_date", UNTIL_BEFORE_START);
    if (value.ends === "after" && !value.occurrence_count) issue("occurrence_count", COUNT_MESSAGE);
  });

/** The task form as the group's fields (conform reads its HTML constraints from TaskFormSchema:
 * it cannot read them through a transform). */
export const TaskSchema = TaskFormSchema.transform((value): TaskFields => {
  const task = value.kind === "task";
  const recurrence = (task ? value.recurrence : "none") as TaskFields["recurrence"];
  const repeats = recurrence !== "none";
  const monthly = recurrence === "monthly";
  const byWeekday = monthly && value.month_mode === "weekday";
  const yearly = recurrence === "yearly";
  const category = task ? (value.category === OTHER_CATEGORY ? value.new_category : value.category) : null;
  return {
    kind: value.kind,
    title: value.title,
    category,
    recurrence,
    weekdays: recurrence === "weekly" || recurrence === "biweekly" ? value.weekdays?.join(",") || null : null,
    month_day: monthly && !byWeekday ? (value.month_day ?? null) : null,
    month_nth: byWeekday ? (value.month_nth ?? null) : null,
    month_weekday: byWeekday ? (value.month_weekday ?? null) : null,
    year_month: yearly ? (value.year_month ?? null) : null,
    year_day: yearly ? (value.year_day ?? null) : null,
    start_date: value.start_date,
    start_time: value.start_time,
    // An appointment's end is its start; a task's end date is kept only when a later day.
    end_time: task ? (value.end_time ?? value.start_time) : value.start_time,
    end_date: task && value.end_date && value.end_date > value.start_date ? value.end_date : null,
    until_date: repeats && value.ends === "on" ? (value.until_date ?? null) : null,
    occurrence_count: repeats && value.ends === "after" ? (value.occurrence_count ?? null) : null,
    priority: value.priority,
    alert: value.alert,
    place: task ? null : value.place,
    person: task ? null : value.person,
    description: task ? null : value.description,
  };
});
