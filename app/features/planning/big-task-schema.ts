import { z } from "zod";
import { BIG_TASK_STATUSES, PRIORITY_BANDS, valuesOf } from "./constants";
import { optionalDate, optionalText, yearField } from "~/lib/schema-fields";
import { dateInYear, title } from "./wish-list-schema";

const PRIORITY_MESSAGE = "Choose a priority from 1 to 10.";

export const bigTaskStatus = z.enum(valuesOf(BIG_TASK_STATUSES), { error: "Choose a status from the list." });

const [inYear, inYearOptions] = dateInYear<{ due_date: string | null; year: number }>("due_date", "year");

export const BigTaskSchema = z
  .object({
    title,
    description: optionalText(5000),
    priority: z
      .string({ error: PRIORITY_MESSAGE })
      .trim()
      .refine((value) => /^([1-9]|10)$/.test(value), PRIORITY_MESSAGE)
      .transform(Number),
    year: yearField,
    due_date: optionalDate,
    status: bigTaskStatus.default("pending"),
  })
  .refine(inYear, inYearOptions);

export type BigTaskInput = z.infer<typeof BigTaskSchema>;

export const BigTaskFilterSchema = z.object({
  status: z.union([z.literal(""), bigTaskStatus]).optional(),
  priority: z.union([z.literal(""), z.enum(PRIORITY_BANDS.map((band) => band.value) as ["low", "medium", "high"])]).optional(),
});

export const BigTaskStatusSchema = z.object({ status: bigTaskStatus });
