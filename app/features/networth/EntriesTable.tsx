import { Link } from "@remix-run/react";
import { ASSET_TYPES, ENTRY_TYPES, isLiability, labelOf, QUARTERS, quarterLabel } from "./constants";
import { RowActions } from "./RowActions";
import { moneyOrDash } from "./StatementTable";

type Entry = { id: number; title: string; type: string; values: (number | null)[] };

/** The year's assets or its liabilities, with the value at each quarter's end; the title opens
 * the entry's view, Edit and Delete its dialogs. `search` keeps the year in the dialogs. */
export function EntriesTable({ entries, kind, currency, search }: { entries: Entry[]; kind: "assets" | "liabilities"; currency: string; search: string }) {
  const own = entries.filter((entry) => isLiability(entry.type) === (kind === "liabilities"));
  const heading = kind === "assets" ? "Assets" : "Liabilities";
  return (
    <section aria-labelledby={`${kind}-heading`} className="networth-section">
      <h3 id={`${kind}-heading`}>{heading}</h3>
      {own.length === 0 ? (
        <p className="muted">
          {kind === "assets"
            ? `No assets for this year yet (${ASSET_TYPES.map((type) => type.label.toLowerCase()).join(", ")}).`
            : "No liabilities for this year."}
        </p>
      ) : (
        <div className="table-wrap">
          <table className="list list--stacked networth-entries" data-testid={`${kind}-table`}>
            <thead>
              <tr>
                <th scope="col">{kind === "assets" ? "Asset" : "Liability"}</th>
                <th scope="col">Type</th>
                {QUARTERS.map((quarter) => (
                  <th key={quarter} scope="col" className="numeric">
                    {quarterLabel(quarter)}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {own.map((entry) => (
                <tr key={entry.id} data-testid="net-worth-entry">
                  <th scope="row">
                    <Link to={`/user/net-worth/entries/${entry.id}${search}`} preventScrollReset>
                      {entry.title}
                    </Link>
                  </th>
                  <td data-label="Type">{labelOf(ENTRY_TYPES, entry.type)}</td>
                  {QUARTERS.map((quarter) => (
                    <td key={quarter} data-label={quarterLabel(quarter)} className="numeric">
                      {moneyOrDash(entry.values[quarter - 1], currency)}
                    </td>
                  ))}
                  <td className="cell-action">
                    <RowActions
                      editTo={`/user/net-worth/entries/${entry.id}/edit${search}`}
                      deleteTo={`/user/net-worth/entries/${entry.id}/delete${search}`}
                      name={entry.title}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
