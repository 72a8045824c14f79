import type { ReactNode } from "react";
import { formatMoney } from "~/lib/format";
import { quarterLabel, QUARTER_ENDS } from "./constants";
import type { QuarterStatement } from "./statement";

/** "$1,200", or "—" for a figure not given. */
export function moneyOrDash(cents: number | null, currency: string) {
  return cents === null ? "—" : formatMoney(cents, currency);
}

/** "+$1,200", "−$300", "no change", or "—" when either side is not given. */
export function changeText(cents: number | null, currency: string) {
  if (cents === null) return "—";
  if (cents === 0) return "no change";
  return `${cents > 0 ? "+" : "−"}${formatMoney(Math.abs(cents), currency)}`;
}

/** A wide table that scrolls sideways on a narrow screen: a named region that takes the
 * keyboard focus, so that it can be scrolled without a mouse. A shadow at an edge shows that
 * more lies that way, and on a phone a line under it says so in words. */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <div className="table-wrap scrolling-table" role="region" aria-label={label} tabIndex={0}>
        {children}
      </div>
      <p className="scroll-hint muted" aria-hidden="true">
        Swipe the table sideways for every quarter.
      </p>
    </>
  );
}

type Row = { label: string; value: (quarter: QuarterStatement) => string; strong?: boolean; change?: boolean };

/** The yearly statement: one column a quarter, one row a figure, with the changes. */
export function StatementTable({ quarters, currency, year }: { quarters: QuarterStatement[]; currency: string; year: number }) {
  const money = (pick: (quarter: QuarterStatement) => number | null) => (quarter: QuarterStatement) => moneyOrDash(pick(quarter), currency);
  const change = (pick: (quarter: QuarterStatement) => number | null) => (quarter: QuarterStatement) => changeText(pick(quarter), currency);
  const rows: Row[] = [
    { label: "Total assets", value: money((q) => q.assets) },
    { label: "Total liabilities", value: money((q) => q.liabilities) },
    { label: "Net worth", value: money((q) => q.netWorth), strong: true },
    { label: "Net worth change on the quarter before", value: change((q) => q.netWorthChange.previousQuarter), change: true },
    { label: `Net worth change on the same quarter of ${year - 1}`, value: change((q) => q.netWorthChange.previousYear), change: true },
    { label: "Gross income", value: money((q) => q.income) },
    { label: "Expenses", value: money((q) => q.expenses) },
    { label: "Net income", value: money((q) => q.netIncome), strong: true },
    { label: "Net income change on the quarter before", value: change((q) => q.netIncomeChange.previousQuarter), change: true },
    { label: `Net income change on the same quarter of ${year - 1}`, value: change((q) => q.netIncomeChange.previousYear), change: true },
  ];
  return (
    <ScrollingTable label={`Statement ${year}`}>
      <table className="statement" data-testid="statement">
        <caption className="visually-hidden">{`Net worth, income and expenses per quarter of ${year}, in ${currency}`}</caption>
        <thead>
          <tr>
            <td />
            {quarters.map((quarter) => (
              <th key={quarter.quarter} scope="col">
                {quarterLabel(quarter.quarter)}
                <span className="statement-date">{QUARTER_ENDS[quarter.quarter - 1]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className={row.strong ? "statement-total" : row.change ? "statement-change" : undefined}>
              <th scope="row">{row.label}</th>
              {quarters.map((quarter) => (
                <td key={quarter.quarter}>{row.value(quarter)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}
