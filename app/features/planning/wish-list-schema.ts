import { z } from "zod";
import { FIRST_YEAR, LAST_YEAR, WISH_LIST_STATUSES, WISH_LIST_TYPES, isPlanningYear, valuesOf } from "./constants";

export const YEAR_MESSAGE = `Enter a year from ${FIRST_YEAR} to ${LAST_YEAR}.`;

export const title = z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(150, "Use at most 150 characters.");

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

/** A plan's year as typed or chosen: four digits within the planning years. */
export const yearField = z
  .string({ error: YEAR_MESSAGE })
  .trim()
  .refine((value) => /^\d{4}$/.test(value) && isPlanningYear(Number(value)), YEAR_MESSAGE)
  .transform(Number);

function realDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const optionalDate = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || realDate(value), "Enter a date as yyyy-mm-dd.")
  .transform((value) => (value ? value : null));

/** A date that must fall in the plan's year (a refine on the whole form, so it sees both),
 * checked once both are good. */
export function dateInYear<T extends Record<string, unknown>>(dateKey: keyof T & string, yearKey: keyof T & string) {
  const check = (value: T) => !value[dateKey] || String(value[dateKey]).slice(0, 4) === String(value[yearKey]);
  const options: { path: PropertyKey[]; message: string; when: (payload: { issues: { path?: PropertyKey[] }[] }) => boolean } = {
    path: [dateKey],
    message: "The date must be in the year chosen.",
    when: (payload) => !payload.issues.some((issue) => [dateKey, yearKey].includes(String(issue.path?.[0]))),
  };
  return [check, options] as const;
}

/** An estimated cost in the currency's units ("250", "1200.50"), as integer cents. */
const optionalCost = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || !value.startsWith("-"), "The cost cannot be negative.")
  .refine((value) => !value || value.startsWith("-") || /^\d{1,9}([.,]\d{1,2})?$/.test(value), "Enter an amount like 250 or 250.50.")
  .transform((value) => (value ? Math.round(Number(value.replace(",", ".")) * 100) : null));

export const wishListType = z.enum(valuesOf(WISH_LIST_TYPES), { error: "Choose a type from the list." });
export const wishListStatus = z.enum(valuesOf(WISH_LIST_STATUSES), { error: "Choose a status from the list." });

const [inYear, inYearOptions] = dateInYear<{ target_date: string | null; target_year: number }>("target_date", "target_year");

export const WishListSchema = z
  .object({
    title,
    type: wishListType,
    target_year: yearField,
    target_date: optionalDate,
    cost: optionalCost,
    notes: optionalText(5000),
    status: wishListStatus.default("open"),
  })
  .refine(inYear, inYearOptions);

export type WishListInput = z.infer<typeof WishListSchema>;

/** The list's filter, from the address: each optional; anything else is refused. */
export const WishListFilterSchema = z.object({
  type: z.union([z.literal(""), wishListType]).optional(),
  status: z.union([z.literal(""), wishListStatus]).optional(),
});

export const WishListStatusSchema = z.object({ status: wishListStatus });
