import { z } from "zod";
import { currencyCodes } from "~/lib/currencies";
import { readCents } from "~/lib/money";
import { optionalMoney, optionalText, yearField } from "~/lib/schema-fields";
import { ENTRY_TYPES, EXPENSE_CATEGORIES, INCOME_CATEGORIES, MAX_AMOUNT_CENTS, valuesOf } from "./constants";

export { YEAR_MESSAGE } from "~/lib/dates";
const AMOUNT_MESSAGE = "Enter an amount like 2500 or 2,500.50.";
const TOO_LARGE = `Enter at most ${(MAX_AMOUNT_CENTS / 100).toLocaleString("en-US")}.`;

const MONEY = { format: AMOUNT_MESSAGE, maxCents: MAX_AMOUNT_CENTS, tooLarge: TOO_LARGE };

/** An amount as members type it, as integer cents (lib/money.ts's one reading): null for an
 * empty field; a negative or unreadable amount is a message. */
export function parseCents(typed: string): number | null | { error: string } {
  const read = readCents(typed, MAX_AMOUNT_CENTS);
  if (read === null || typeof read === "number") return read;
  return { error: read.problem === "negative" ? "The amount cannot be negative." : read.problem === "too-large" ? TOO_LARGE : AMOUNT_MESSAGE };
}

// Required amounts are still not marked required on the form: the server's message says so.
const requiredAmount = optionalMoney(MONEY).transform((cents, ctx) => {
  if (cents === null) {
    ctx.addIssue({ code: "custom", message: "Enter the amount." });
    return z.NEVER;
  }
  return cents;
});

function amountField(required: boolean) {
  return required ? requiredAmount : optionalMoney(MONEY);
}

const title = z.string({ error: "Title is required." }).trim().min(1, "Title is required.").max(150, "Use at most 150 characters.");

/** SPEC.md §2's net worth add and edit form: an asset or liability and its value at each
 * quarter's end (each optional: a quarter not given carries the last value forward). */
export const EntrySchema = z.object({
  title,
  type: z.enum(valuesOf(ENTRY_TYPES), { error: "Choose a type from the list." }),
  year: yearField,
  q1: amountField(false),
  q2: amountField(false),
  q3: amountField(false),
  q4: amountField(false),
});
export type EntryInput = z.infer<typeof EntrySchema>;

const quarterField = z
  .string({ error: "Choose a quarter." })
  .refine((value) => /^[1-4]$/.test(value), "Choose a quarter.")
  .transform(Number);

function lineSchema(categories: readonly { value: string; label: string }[]) {
  return z.object({
    year: yearField,
    quarter: quarterField,
    category: z.enum(valuesOf(categories), { error: "Choose a category from the list." }),
    description: optionalText(200),
    amount: amountField(true),
  });
}

/** SPEC.md §2's income add and edit form and expenses add and edit form: one line of a quarter. */
export const IncomeLineSchema = lineSchema(INCOME_CATEGORIES);
export const ExpenseLineSchema = lineSchema(EXPENSE_CATEGORIES);
export type LineInput = z.infer<typeof IncomeLineSchema>;

export const lineSchemaOf = (flow: "income" | "expense") => (flow === "income" ? IncomeLineSchema : ExpenseLineSchema);

/** The member's currency: a three-letter code the runtime knows. */
export const CurrencySchema = z.object({
  currency: z
    .string({ error: "Choose a currency from the list." })
    .trim()
    .toUpperCase()
    .refine((code) => /^[A-Z]{3}$/.test(code) && currencyCodes().includes(code), "Choose a currency from the list."),
});
