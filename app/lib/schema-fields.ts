import { z } from "zod";
import { isCalendarDate, isKeptYear, YEAR_MESSAGE } from "./dates";
import { parseId } from "./ids";

/** Pieces of zod schema that several areas' forms share (imported by features' schema.ts
 * files only, on the server: zod never reaches the browser). */

/** A free-text field that may be left empty (null then), at most `max` characters. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : null));

/** The year of a yearly page's row, as typed or chosen: four digits within lib/years.ts's range. */
export const yearField = z
  .string({ error: YEAR_MESSAGE })
  .trim()
  .refine((value) => /^\d{4}$/.test(value) && isKeptYear(Number(value)), YEAR_MESSAGE)
  .transform(Number);

/** A date (yyyy-mm-dd) that may be left empty (null then). */
export const optionalDate = z
  .string()
  .trim()
  .optional()
  .refine((value) => !value || isCalendarDate(value), "Enter a date as yyyy-mm-dd.")
  .transform((value) => (value ? value : null));

/** A record chosen in a form by its id (a select's or a box's value): a positive whole number a
 * table can hold (ids.ts), else `message`. */
export const idField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => parseId(value) !== null, message)
    .transform(Number);
