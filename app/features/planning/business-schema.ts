import { z } from "zod";
import { isCalendarDate } from "~/lib/dates";
import { optionalDate, optionalText } from "~/lib/schema-fields";
import { ACTION_STATUS_VALUES } from "./business-constants";

const required = (what: string, max: number) =>
  z
    .string({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `Use at most ${max} characters.`);

const optionalWebAddress = z
  .string()
  .trim()
  .max(500, "Use at most 500 characters.")
  .optional()
  .refine((value) => !value || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), "Enter a web address starting with http:// or https://.")
  .transform((value) => (value ? value : null));

export const BusinessSchema = z.object({
  name: required("Name", 150),
  description: optionalText(5000),
  industry: optionalText(100),
  website: optionalWebAddress,
});
export type BusinessInput = z.infer<typeof BusinessSchema>;

export const GoalSchema = z.object({
  title: required("Title", 150),
  target: optionalText(200),
  target_date: optionalDate,
});
export type GoalInput = z.infer<typeof GoalSchema>;

export const ActionSchema = z.object({
  title: required("Title", 150),
  due_date: optionalDate,
  status: z.enum(ACTION_STATUS_VALUES, { error: "Choose a status from the list." }).default("pending"),
});
export type ActionInput = z.infer<typeof ActionSchema>;

export const ActionStatusSchema = z.object({
  status: z.enum(ACTION_STATUS_VALUES, { error: "Choose a status from the list." }),
});

export const ContentSchema = z.object({
  noted_on: z.string({ error: "Date is required." }).trim().min(1, "Date is required.").refine(isCalendarDate, "Enter a date as yyyy-mm-dd."),
  note: required("Note", 5000),
  link: optionalWebAddress,
  // Ticked on the edit dialog to drop the attachment the content has.
  remove_attachment: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "1"),
});
export type ContentInput = z.infer<typeof ContentSchema>;
