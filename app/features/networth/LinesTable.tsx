import { Link } from "@remix-run/react";
import { FLOWS, type Flow, labelOf, QUARTERS, quarterLabel } from "./constants";
import { RowActions } from "./RowActions";
import { moneyOrDash } from "./StatementTable";

type Line = { id: number; quarter: number; flow: Flow; category: string; description: string | null; amount_cents: number };

/** The year's gross income or expense lines, quarter by quarter, each with Edit and Delete. */
export function LinesTable({
  lines,
  flow,
  currency,
  search,
  totals,
}: {
  lines: Line[];
  flow: Flow;
  currency: string;
  search: string;
  totals: (number | null)[];
}) {
  const own = lines.filter((line) => line.flow === flow);
  const { label, categories, path } = FLOWS[flow];
  const id = `${path}-heading`;
  return (
    <section aria-labelledby={id} className="networth-section">
      <div className="networth-section-header">
        <h3 id={id}>{label}</h3>
        <Link to={`/user/net-worth/${path}/new${search}`} preventScrollReset className="button button--secondary button--small">
          Add {flow === "income" ? "income" : "expenses"}
        </Link>
      </div>
      {own.length === 0 ? (
        <p className="muted">{flow === "income" ? "No income lines for this year yet." : "No expense lines for this year yet."}</p>
      ) : (
        <div className="table-wrap">
          <table className="list list--stacked networth-lines" data-testid={`${path}-table`}>
            <thead>
              <tr>
                <th scope="col">Quarter</th>
                <th scope="col">Category</th>
                <th scope="col">Description</th>
                <th scope="col" className="numeric">
                  Amount
                </th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            {QUARTERS.filter((quarter) => own.some((line) => line.quarter === quarter)).map((quarter) => (
              <tbody key={quarter}>
                {own
                  .filter((line) => line.quarter === quarter)
                  .map((line) => (
                    <tr key={line.id} data-testid={`${path}-line`}>
                      <td data-label="Quarter">{quarterLabel(line.quarter)}</td>
                      <th scope="row" data-label="Category">
                        {labelOf(categories, line.category)}
                      </th>
                      <td data-label="Description">{line.description ?? "—"}</td>
                      <td data-label="Amount" className="numeric">
                        {moneyOrDash(line.amount_cents, currency)}
                      </td>
                      <td className="cell-action">
                        <RowActions
                          editTo={`/user/net-worth/lines/${line.id}/edit${search}`}
                          deleteTo={`/user/net-worth/lines/${line.id}/delete${search}`}
                          name={`${labelOf(categories, line.category)}, ${quarterLabel(line.quarter)}`}
                        />
                      </td>
                    </tr>
                  ))}
                <tr className="networth-subtotal">
                  <td data-label="Quarter">{quarterLabel(quarter)}</td>
                  <th scope="row" colSpan={2}>
                    {`${label}, ${quarterLabel(quarter)}`}
                  </th>
                  <td data-label="Total" className="numeric">
                    {moneyOrDash(totals[quarter - 1], currency)}
                  </td>
                  <td />
                </tr>
              </tbody>
            ))}
          </table>
        </div>
      )}
    </section>
  );
}
