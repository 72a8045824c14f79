import { Link } from "@remix-run/react";
import { formatMoney } from "~/lib/format";
import { REPORT_COLUMNS } from "./constants";
import type { Amounts } from "./referrals.server";

type Row = {
  givenInside: number;
  givenOutside: number;
  receivedInside: number;
  receivedOutside: number;
  oneToOnes: number;
  visitors: number;
  eventsAttended: number;
  thanksGiven: Amounts;
  thanksReceived: Amounts;
};

function money(amounts: Amounts) {
  return amounts.length ? amounts.map((amount) => formatMoney(amount.cents, amount.currency)).join(" + ") : "—";
}

function cells(row: Row) {
  return [
    row.givenInside,
    row.givenOutside,
    row.receivedInside,
    row.receivedOutside,
    row.oneToOnes,
    row.visitors,
    row.eventsAttended,
    money(row.thanksGiven),
    money(row.thanksReceived),
  ];
}

/** The chapter report's table: a line a member, the chapter's totals last. With `sortHref`,
 * each column's header is a link that sorts by it (again: the other way). */
export function ReportTable({
  rows,
  totals,
  sort,
  descending,
  sortHref,
}: {
  rows: (Row & { id: number; name: string })[];
  totals: Row;
  sort: string;
  descending: boolean;
  sortHref?: (column: string, descending: boolean) => string;
}) {
  return (
    // Scrolled sideways on a phone: a region the keyboard can reach (as net worth's tables).
    <div className="table-wrap" role="region" aria-label="Chapter report" tabIndex={0}>
      <table className="list report-table" data-testid="chapter-report">
        <thead>
          <tr>
            {REPORT_COLUMNS.map((column) => {
              const sorted = sort === column.key;
              return (
                <th key={column.key} scope="col" aria-sort={sorted ? (descending ? "descending" : "ascending") : undefined}>
                  {sortHref ? (
                    <Link to={sortHref(column.key, sorted ? !descending : column.key !== "name")} preventScrollReset>
                      {column.label}
                      {sorted ? (descending ? " ↓" : " ↑") : ""}
                    </Link>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="report-row">
              <th scope="row">{row.name}</th>
              {cells(row).map((value, index) => (
                <td key={index}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-testid="report-totals">
            <th scope="row">Chapter total</th>
            {cells(totals).map((value, index) => (
              <td key={index}>{value}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
