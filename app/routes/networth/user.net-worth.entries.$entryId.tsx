import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { carriedValues } from "~/features/networth/statement";
import { ENTRY_TYPES, isLiability, labelOf, QUARTER_ENDS, QUARTERS, quarterLabel } from "~/features/networth/constants";
import { getOwnEntry, memberCurrency } from "~/features/networth/networth.server";
import { moneyOrDash } from "~/features/networth/StatementTable";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const entry = await requireFound(params.entryId, (id) => getOwnEntry(member.id, id));
  return json({ entry, currency: await memberCurrency(member.id) });
}

/** SPEC.md §2's net worth view: one entry with its value at each quarter's end. */
export default function NetWorthEntry() {
  const { entry, currency } = useLoaderData<typeof loader>();
  const given = [entry.q1_cents, entry.q2_cents, entry.q3_cents, entry.q4_cents];
  const carried = carriedValues(given);
  const search = `?year=${entry.year}`;
  return (
    <RouteDialog title={entry.title} closeTo={`/user/net-worth${search}`}>
      <p>
        {isLiability(entry.type) ? "Liability" : "Asset"}: {labelOf(ENTRY_TYPES, entry.type)}, {entry.year}
      </p>
      <table className="statement" data-testid="entry-values">
        <caption className="visually-hidden">{`Value of ${entry.title} at each quarter's end of ${entry.year}`}</caption>
        <tbody>
          {QUARTERS.map((quarter) => (
            <tr key={quarter}>
              <th scope="row">
                {quarterLabel(quarter)} <span className="statement-date">{QUARTER_ENDS[quarter - 1]}</span>
              </th>
              <td>
                {moneyOrDash(carried[quarter - 1], currency)}
                {given[quarter - 1] === null && carried[quarter - 1] !== null ? <span className="muted"> (kept from the quarter before)</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        <Link to={`/user/net-worth/entries/${entry.id}/delete${search}`} className="button button--secondary button--danger" preventScrollReset>
          Delete
        </Link>
        <Link to={`/user/net-worth/entries/${entry.id}/edit${search}`} className="button" preventScrollReset>
          Edit
        </Link>
      </div>
    </RouteDialog>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.entry.title ?? "Net worth"} · Chapter` }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
