import { csvField } from "~/features/payments/admin-payments.server";
import { ENTRY_TYPES, FLOWS, isLiability, labelOf, QUARTERS, quarterLabel } from "./constants";
import type { NetWorthYear } from "./networth.server";
import type { QuarterStatement } from "./statement";

/** -123456 → "-1234.56", exactly (no floating point); null → "". */
export function decimal(cents: number | null) {
  if (cents === null) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

// Amounts are written as plain numbers (never as text a spreadsheet could run); text goes
// through csvField, which defuses formulas.
const record = (cells: (string | { amount: number | null })[]) =>
  cells.map((cell) => (typeof cell === "string" ? csvField(cell) : decimal(cell.amount))).join(",");

/** One year of the member's figures as CSV: the statement per quarter, then every entry with
 * its values as given, then every income and expense line. */
export function statementCsv({ year, currency, entries, lines, quarters }: NetWorthYear) {
  const quarterHeads = QUARTERS.map((quarter) => `${quarterLabel(quarter)} ${year}`);
  const figure = (label: string, pick: (quarter: QuarterStatement) => number | null) =>
    record([label, ...quarters.map((quarter) => ({ amount: pick(quarter) }))]);
  const rows = [
    record([`Net worth ${year}`, `Amounts in ${currency}`]),
    "",
    record(["Figure", ...quarterHeads]),
    figure("Total assets", (q) => q.assets),
    figure("Total liabilities", (q) => q.liabilities),
    figure("Net worth", (q) => q.netWorth),
    figure("Net worth change on the quarter before", (q) => q.netWorthChange.previousQuarter),
    figure(`Net worth change on the same quarter of ${year - 1}`, (q) => q.netWorthChange.previousYear),
    figure("Gross income", (q) => q.income),
    figure("Expenses", (q) => q.expenses),
    figure("Net income", (q) => q.netIncome),
    figure("Net income change on the quarter before", (q) => q.netIncomeChange.previousQuarter),
    figure(`Net income change on the same quarter of ${year - 1}`, (q) => q.netIncomeChange.previousYear),
    "",
    record(["Entry", "Kind", "Type", ...quarterHeads]),
    ...entries.map((entry) =>
      record([entry.title, isLiability(entry.type) ? "Liability" : "Asset", labelOf(ENTRY_TYPES, entry.type), ...entry.values.map((amount) => ({ amount }))]),
    ),
    "",
    record(["Line", "Quarter", "Category", "Description", "Amount"]),
    ...lines.map((line) =>
      record([
        line.flow === "income" ? "Gross income" : "Expense",
        quarterLabel(line.quarter),
        labelOf(FLOWS[line.flow].categories, line.category),
        line.description ?? "",
        { amount: line.amount_cents },
      ]),
    ),
  ];
  return `${rows.join("\r\n")}\r\n`;
}
