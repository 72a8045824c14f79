import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { IncomeExpensesChart, NetWorthChart } from "~/features/networth/Charts";
import { incomeExpensesChart, netWorthChart } from "~/features/networth/charts.server";
import { thisYear, yearChoices } from "~/features/networth/constants";
import { EntriesTable } from "~/features/networth/EntriesTable";
import { LinesTable } from "~/features/networth/LinesTable";
import { netWorthYear } from "~/features/networth/networth.server";
import { moneyOrDash, StatementTable } from "~/features/networth/StatementTable";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { pageKind } from "~/ui/page-kind";
import { YearSelector } from "~/ui/year-selector";
import { yearOfAddress } from "./networth-address.server";

export const handle = pageKind("list");

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const year = yearOfAddress(request);
  const figures = await netWorthYear(member.id, year);
  return json({
    ...figures,
    years: yearChoices(thisYear(), year),
    charts: { netWorth: netWorthChart(figures.quarters, figures.currency), incomeExpenses: incomeExpensesChart(figures.quarters, figures.currency) },
  });
}

export default function NetWorth() {
  const { year, years, currency, entries, lines, quarters, totals, charts } = useLoaderData<typeof loader>();
  const search = `?year=${year}`;
  const empty = entries.length === 0 && lines.length === 0;
  return (
    <>
      <div className="page-header">
        <h1>My net worth</h1>
        <div className="form-actions">
          <Link to={`/user/net-worth/currency${search}`} className="button button--secondary" preventScrollReset>
            Currency: {currency}
          </Link>
          <Link to={`/user/net-worth/print${search}`} className="button button--secondary">
            Print
          </Link>
          <a href={`/user/net-worth/statement.csv${search}`} className="button button--secondary" download>
            CSV
          </a>
          <Link to={`/user/net-worth/new${search}`} className="button" preventScrollReset>
            Add asset or liability
          </Link>
        </div>
      </div>
      <div className="networth-bar">
        <YearSelector years={years} year={year} />
        <p className="networth-headline" data-testid="latest-net-worth">
          {totals.latestNetWorth
            ? `Net worth at the end of Q${totals.latestNetWorth.quarter} ${year}: ${moneyOrDash(totals.latestNetWorth.value, currency)}`
            : `No net worth given for ${year} yet.`}
        </p>
      </div>
      {empty ? (
        <EmptyState
          action={
            <Link to={`/user/net-worth/new${search}`} className="button" preventScrollReset>
              Add asset or liability
            </Link>
          }
        >
          Nothing for {year} yet. Add what you own and owe, with its value at each quarter's end, and your income and expenses per quarter.
        </EmptyState>
      ) : null}
      <section aria-labelledby="statement-heading" className="card">
        <h2 id="statement-heading">{year} by quarter</h2>
        <StatementTable quarters={quarters} currency={currency} year={year} />
        <p className="muted networth-note">
          A quarter left empty keeps an entry's value from the quarter before; "—" is a figure not given. Year's gross income{" "}
          {moneyOrDash(totals.income, currency)}, expenses {moneyOrDash(totals.expenses, currency)}, net income {moneyOrDash(totals.netIncome, currency)}.
        </p>
        <div className="networth-charts">
          <NetWorthChart chart={charts.netWorth} year={year} />
          <IncomeExpensesChart chart={charts.incomeExpenses} year={year} />
        </div>
      </section>
      <section aria-labelledby="entries-heading" className="card">
        <h2 id="entries-heading">What you own and owe</h2>
        <EntriesTable entries={entries} kind="assets" currency={currency} search={search} />
        <EntriesTable entries={entries} kind="liabilities" currency={currency} search={search} />
      </section>
      <section aria-labelledby="flows-heading" className="card">
        <h2 id="flows-heading">Income and expenses</h2>
        <LinesTable lines={lines} flow="income" currency={currency} search={search} totals={quarters.map((quarter) => quarter.income)} />
        <LinesTable lines={lines} flow="expense" currency={currency} search={search} totals={quarters.map((quarter) => quarter.expenses)} />
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `My net worth${data ? ` ${data.year}` : ""} · Chapter` }];
