import { z } from "zod";
import { optionalDate, optionalMoney, optionalText, yearField } from "~/lib/schema-fields";
import { WISH_LIST_STATUSES, WISH_LIST_TYPES, valuesOf } from "./constants";

export { YEAR_MESSAGE } from "~/lib/dates";

export const title = z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(150, "Use at most 150 characters.");

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

/** An estimated cost in the currency's units ("250", "18,000", "1200.50"), as integer cents.
 * At most 20,000,000: the column is a 32-bit integer of cents. */
const optionalCost = optionalMoney({ format: "Enter an amount like 250 or 250.50.", negative: "The cost cannot be negative.", maxCents: 2_000_000_000 });

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
