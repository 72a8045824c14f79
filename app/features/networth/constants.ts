// Net worth's shared constants: what the forms, the yearly page and the schemas all need.
// Components import this file, never schema.ts (zod stays on the server).

import { labelOf, type Choice } from "~/lib/choices";
import { yearChoices as choicesOfYears } from "~/lib/dates";

export { labelOf, valuesOf, type Choice } from "~/lib/choices";
export { thisYear, yearFromAddress } from "~/lib/dates";

/** SPEC.md §3 Net worth: an entry is an asset or a liability of one of these types. */
export const ASSET_TYPES = [
  { value: "cash", label: "Cash" },
  { value: "property", label: "Property" },
  { value: "vehicles", label: "Vehicles" },
  { value: "investments", label: "Investments" },
  { value: "business_equity", label: "Business equity" },
  { value: "other_asset", label: "Other asset" },
] as const satisfies readonly Choice[];

export const LIABILITY_TYPES = [
  { value: "mortgage", label: "Mortgage" },
  { value: "loans", label: "Loans" },
  { value: "credit_cards", label: "Credit cards" },
  { value: "other_liability", label: "Other liability" },
] as const satisfies readonly Choice[];

export type AssetType = (typeof ASSET_TYPES)[number]["value"];
export type LiabilityType = (typeof LIABILITY_TYPES)[number]["value"];
export type EntryType = AssetType | LiabilityType;

export const ENTRY_TYPES = [...ASSET_TYPES, ...LIABILITY_TYPES] as const;

export function isLiability(type: string) {
  return LIABILITY_TYPES.some((choice) => choice.value === type);
}

/** "Asset, Cash", "Liability, Mortgage". */
export function entryKind(type: string) {
  return `${isLiability(type) ? "Liability" : "Asset"}, ${labelOf(ENTRY_TYPES, type)}`;
}

/** Gross income and expenses: several lines a quarter, each with one of these categories. */
export const INCOME_CATEGORIES = [
  { value: "salary", label: "Salary and wages" },
  { value: "business", label: "Business income" },
  { value: "investments", label: "Investments and dividends" },
  { value: "rental", label: "Rental income" },
  { value: "interest", label: "Interest" },
  { value: "other", label: "Other income" },
] as const satisfies readonly Choice[];

export const EXPENSE_CATEGORIES = [
  { value: "housing", label: "Housing" },
  { value: "transport", label: "Transport" },
  { value: "food", label: "Food and household" },
  { value: "business", label: "Business costs" },
  { value: "taxes", label: "Taxes" },
  { value: "loan_payments", label: "Loan payments" },
  { value: "insurance", label: "Insurance" },
  { value: "education", label: "Education" },
  { value: "health", label: "Health" },
  { value: "other", label: "Other expenses" },
] as const satisfies readonly Choice[];

export type Flow = "income" | "expense";

export const FLOWS = {
  income: { label: "Gross income", one: "income line", categories: INCOME_CATEGORIES, path: "income" },
  expense: { label: "Expenses", one: "expense line", categories: EXPENSE_CATEGORIES, path: "expenses" },
} as const;

export const QUARTERS = [1, 2, 3, 4] as const;
export type Quarter = (typeof QUARTERS)[number];

/** The day each quarter's values are taken, as members read it. */
export const QUARTER_ENDS = ["31 March", "30 June", "30 September", "31 December"] as const;

export const quarterLabel = (quarter: number) => `Q${quarter}`;

/** Largest amount one value or line may hold (100 billion in the currency's units), and how
 * many entries a year and lines a quarter may have: totals then stay exact in a JavaScript
 * number (far below 2^53 cents). */
export const MAX_AMOUNT_CENTS = 10_000_000_000_000;
export const MAX_ENTRIES_PER_YEAR = 200;
export const MAX_LINES_PER_QUARTER = 200;

/** The year selector's choices: many years back (figures look back) and one ahead, and the one shown. */
export function yearChoices(current: number, shown: number) {
  return choicesOfYears(current, shown, { back: 10, ahead: 1 });
}

/** Cents as the form shows them again: "1250", "1250.5" → "1250.50". */
export function amountText(cents: number | null) {
  if (cents === null) return "";
  const units = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest ? `${units}.${String(rest).padStart(2, "0")}` : String(units);
}
