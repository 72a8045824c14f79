import { z } from "zod";
import { isCalendarDate, isKeptYear, YEAR_MESSAGE } from "./dates";
import { parseId } from "./ids";
import { readCents, unitsText } from "./money";

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

type MoneyMessages = {
  /** The message for an amount that cannot be read ("Enter an amount like 250 or 250.50."). */
  format: string;
  /** The largest amount, in cents (what the column holds). */
  maxCents: number;
  negative?: string;
  tooLarge?: string;
  /** Given: the field is required, with this message when left empty. */
  required?: string;
};

function moneyIssue(messages: MoneyMessages, problem: "format" | "negative" | "too-large") {
  if (problem === "negative") return messages.negative ?? "The amount cannot be negative.";
  if (problem === "too-large") return messages.tooLarge ?? `Enter at most ${unitsText(messages.maxCents)}.`;
  return messages.format;
}

/** An amount of money that may be left empty (null then), as integer cents: lib/money.ts's one
 * reading ("18,000", "18000.50", "2500,5"). */
export const optionalMoney = (messages: Omit<MoneyMessages, "required">) =>
  z
    .string()
    .optional()
    .transform((typed, ctx) => {
      const read = readCents(typed ?? "", messages.maxCents);
      if (read !== null && typeof read === "object") {
        ctx.addIssue({ code: "custom", message: moneyIssue(messages, read.problem) });
        return z.NEVER;
      }
      return read;
    });

/** A required amount of money, as integer cents (see optionalMoney). */
export const requiredMoney = (messages: MoneyMessages & { required: string }) =>
  z.string({ error: messages.required }).transform((typed, ctx) => {
    const read = readCents(typed, messages.maxCents);
    if (read === null || typeof read === "object") {
      ctx.addIssue({ code: "custom", message: read === null ? messages.required : moneyIssue(messages, read.problem) });
      return z.NEVER;
    }
    return read;
  });
