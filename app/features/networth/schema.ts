import { z } from "zod";
import { optionalText, yearField } from "~/lib/schema-fields";
import {
  ENTRY_TYPES,
  EXPENSE_CATEGORIES,
  INCOME_CATEGORIES,
  MAX_AMOUNT_CENTS,
  valuesOf,
} from "./constants";

export { YEAR_MESSAGE } from "~/lib/dates";
const AMOUNT_MESSAGE = "Enter an amount like 2500 or 2,500.50.";
const TOO_LARGE = `Enter at most ${(MAX_AMOUNT_CENTS / 100).toLocaleString("en-US")}.`;

/**
 * An amount as members type it ("2500", "2,500.50", "2500,5", "$ 2 500") read as integer cents
 * without going through a float, so 0.29 is 29 cents exactly. Null for an empty field; a
 * negative or unreadable amount is a message.
 */
export function parseCents(typed: string): number | null | { error: string } {
  const text = typed.replace(/[\s\u00a0$€£¥₦]/g, "");
  if (!text) return null;
  if (text.startsWith("-") || text.startsWith("−")) return { error: "The amount cannot be negative." };
  let units: string;
  let fraction = "";
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/.exec(text))) {
    units = match[1].replaceAll(",", "");
    fraction = match[2] ?? "";
  } else if ((match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(text))) {
    units = match[1];
    fraction = match[2] ?? "";
  } else return { error: AMOUNT_MESSAGE };
  if (units.replace(/^0+/, "").length > 15) return { error: TOO_LARGE };
  const cents = Number(units) * 100 + Number(fraction.padEnd(2, "0"));
  return cents > MAX_AMOUNT_CENTS ? { error: TOO_LARGE } : cents;
}

function amountField(required: boolean) {
  return z
    .string()
    .optional()
    .transform((typed, ctx) => {
      const parsed = parseCents(typed ?? "");
      if (parsed !== null && typeof parsed === "object") {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      if (parsed === null && required) {
        ctx.addIssue({ code: "custom", message: "Enter the amount." });
        return z.NEVER;
      }
      return parsed;
    });
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

export function currencyCodes() {
  return typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : ["USD", "EUR", "GBP", "NGN"];
}
