import type { ReactNode } from "react";

/**
 * A list of records as a table: one header a column and, when `actions` names it, a last
 * column whose header only screen readers read (the row's links and buttons). `stacked`
 * tables turn into one card a row on a phone (each cell shows its data-label).
 */
export function ListTable({
  headings,
  actions,
  stacked = true,
  className,
  children,
}: {
  headings: string[];
  actions?: string;
  stacked?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap">
      <table className={["list", stacked ? "list--stacked" : null, className].filter(Boolean).join(" ")}>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
            {actions ? (
              <th scope="col">
                <span className="visually-hidden">{actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
