import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { IncomeExpensesChart, NetWorthChart } from "~/features/networth/Charts";
import { incomeExpensesChart, netWorthChart } from "~/features/networth/charts.server";
import { entryKind, EXPENSE_CATEGORIES, FLOWS, INCOME_CATEGORIES, labelOf, QUARTERS, quarterLabel, valuesOf } from "~/features/networth/constants";
import { netWorthYear } from "~/features/networth/networth.server";
import { byCategory } from "~/features/networth/statement";
import { moneyOrDash, ScrollingTable, StatementTable } from "~/features/networth/StatementTable";
import { formatDate } from "~/lib/format";
import { requireMember } from "~/lib/session.server";
import printStyles from "~/styles/networth-print.css";
import { pageKind } from "~/ui/page-kind";
import { useHydrated } from "~/ui/use-hydrated";
import { yearOfAddress } from "./networth-address.server";

// A list page's width: the statement's four quarters of eight-figure amounts overflowed a
// reading column (the page itself keeps to 48rem, networth-print.css).
export const handle = pageKind("list");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const figures = await netWorthYear(member.id, yearOfAddress(request));
  return json({
    ...figures,
    name: member.name,
    categories: byCategory(figures.lines, { income: valuesOf(INCOME_CATEGORIES), expense: valuesOf(EXPENSE_CATEGORIES) }),
    today: new Date().toISOString().slice(0, 10),
    charts: { netWorth: netWorthChart(figures.quarters, figures.currency), incomeExpenses: incomeExpensesChart(figures.quarters, figures.currency) },
  });
}

function PrintButton() {
  // window.print() needs JavaScript; without it the browser's own Print does the same.
  return useHydrated() ? (
    <button type="button" className="button" onClick={() => window.print()}>
      Print
    </button>
  ) : (
    <span className="muted">Print this page with your browser's Print command.</span>
  );
}

/** One of the print page's tables: a row a figure, a column a quarter. */
function QuarterFiguresTable({
  caption,
  testId,
  rowsHeader,
  currency,
  rows,
}: {
  caption: string;
  testId: string;
  rowsHeader: string;
  currency: string;
  rows: { key: string; heading: ReactNode; amounts: readonly (number | null)[] }[];
}) {
  return (
    <ScrollingTable label={caption}>
      <table className="statement statement--compact" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{rowsHeader}</th>
            {QUARTERS.map((quarter) => (
              <th key={quarter} scope="col">
                {quarterLabel(quarter)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5}>None given.</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.heading}</th>
                {row.amounts.map((amount, index) => (
                  <td key={index}>{moneyOrDash(amount, currency)}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

/** SPEC.md §2's net worth print page: the year on one sheet, without the site's navigation
 * (income and expenses summed by category, so that a year of many lines still fits). */
export default function NetWorthStatement() {
  const { year, currency, name, today, entries, categories, quarters, totals, charts } = useLoaderData<typeof loader>();
  return (
    <article className="networth-print">
      <p className="networth-print-tools">
        <Link to={`/user/net-worth?year=${year}`}>Back to my net worth</Link> <PrintButton />
      </p>
      <header className="networth-print-header">
        <h1>Net worth statement {year}</h1>
        <p>
          {name} · amounts in {currency} · {formatDate(today)}
        </p>
      </header>
      <StatementTable quarters={quarters} currency={currency} year={year} />
      <p className="networth-note">
        Year's gross income {moneyOrDash(totals.income, currency)}, expenses {moneyOrDash(totals.expenses, currency)}, net income{" "}
        {moneyOrDash(totals.netIncome, currency)}. A quarter left empty keeps an entry's value from the quarter before; "—" is a figure not given.
      </p>
      <div className="networth-charts">
        <NetWorthChart chart={charts.netWorth} year={year} />
        <IncomeExpensesChart chart={charts.incomeExpenses} year={year} />
      </div>
      <div className="networth-print-columns">
        <QuarterFiguresTable
          caption="Assets and liabilities"
          testId="print-entries"
          rowsHeader="Entry"
          currency={currency}
          rows={entries.map((entry) => ({
            key: String(entry.id),
            heading: (
              <>
                {entry.title} <span className="statement-date">{entryKind(entry.type)}</span>
              </>
            ),
            amounts: entry.values,
          }))}
        />
        <QuarterFiguresTable
          caption="Income and expenses by category"
          testId="print-lines"
          rowsHeader="Category"
          currency={currency}
          rows={categories.map((row) => ({
            key: `${row.flow}-${row.category}`,
            heading: (
              <>
                {labelOf(FLOWS[row.flow].categories, row.category)}
                <span className="statement-date">{row.flow === "income" ? "Gross income" : "Expense"}</span>
              </>
            ),
            amounts: row.amounts,
          }))}
        />
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Net worth statement${data ? ` ${data.year}` : ""} · Chapter` }];
