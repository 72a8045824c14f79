import type { CalendarTasksTable } from "~/lib/db-schema";
import { formatDate } from "~/lib/format";
import { MONTHS, NTH_CHOICES, RECURRENCES, WEEKDAYS } from "./constants";

type TaskValues = Omit<CalendarTasksTable, "id" | "alert"> & { id: number; alert: number };

const weekdayName = (code: string | null) => WEEKDAYS.find((day) => day.value === code)?.label ?? "";

/** How a group repeats, in words ("Every two weeks on Monday, Thursday, 5 times"). */
export function recurrenceWords(
  task: Pick<
    TaskValues,
    "recurrence" | "weekdays" | "month_day" | "month_nth" | "month_weekday" | "year_month" | "year_day" | "until_date" | "occurrence_count" | "start_date"
  >,
) {
  if (task.recurrence === "none") return "Once";
  let words: string = RECURRENCES.find((choice) => choice.value === task.recurrence)?.label ?? task.recurrence;
  if ((task.recurrence === "weekly" || task.recurrence === "biweekly") && task.weekdays) words += ` on ${task.weekdays.split(",").map(weekdayName).join(", ")}`;
  if (task.recurrence === "monthly") {
    if (task.month_nth && task.month_weekday) {
      words += ` on the ${NTH_CHOICES.find((choice) => choice.value === String(task.month_nth))?.label.toLowerCase()} ${weekdayName(task.month_weekday)}`;
    } else words += task.month_day === -1 ? " on the last day" : ` on day ${task.month_day ?? Number(task.start_date.slice(8))}`;
  }
  if (task.recurrence === "yearly")
    words += ` on ${task.year_day ?? Number(task.start_date.slice(8))} ${MONTHS[(task.year_month ?? Number(task.start_date.slice(5, 7))) - 1]}`;
  if (task.occurrence_count) words += `, ${task.occurrence_count} times`;
  else if (task.until_date) words += `, until ${formatDate(task.until_date)}`;
  return words;
}

/** The task form's values for a new task or appointment. */
export function newTaskDefaults(date: string, kind: "task" | "appointment") {
  return { kind, start_date: date, start_time: "09:00", end_time: "10:00", priority: "5", recurrence: "none", month_mode: "day", ends: "never" };
}

/** The task form's values for editing a group. */
export function taskDefaults(task: TaskValues) {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    kind: task.kind,
    title: task.title,
    category: text(task.category),
    recurrence: task.recurrence,
    weekdays: task.weekdays ? task.weekdays.split(",") : [],
    month_mode: task.month_nth ? "weekday" : "day",
    month_day: text(task.month_day),
    month_nth: text(task.month_nth),
    month_weekday: text(task.month_weekday),
    year_month: text(task.year_month),
    year_day: text(task.year_day),
    start_date: task.start_date,
    start_time: task.start_time,
    end_date: text(task.end_date),
    end_time: task.end_time,
    ends: task.occurrence_count ? "after" : task.until_date ? "on" : "never",
    until_date: text(task.until_date),
    occurrence_count: text(task.occurrence_count),
    priority: String(task.priority),
    alert: task.alert ? "1" : "",
    place: text(task.place),
    person: text(task.person),
    description: text(task.description),
  };
}
