import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { STATUS_LABEL, connectionPath, entryPath, sidePath } from "~/features/proposals/constants";
import { InvestorDetails } from "~/features/proposals/EntryViews";
import { getInvestor } from "~/features/proposals/entries.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { loanViewData } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await loanViewData("investor", member, params.entryId, getInvestor));
}

/** SPEC.md §2's investor loan view: the entry's terms; its owner edits or deletes it, another
 * member connects with one of their entrepreneur entries. */
export default function InvestorLoanView() {
  const { entry, isOwner, connections, hasProposals } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const here = entryPath("investor", entry.id);
  return (
    <RouteDialog title={`${entry.owner_name}, investor`} closeTo={`${sidePath("investor")}${search}`}>
      <InvestorDetails entry={entry} />
      {connections.length ? (
        <ul aria-label="Your connections">
          {connections.map((connection) => (
            <li key={connection.id}>
              <Link to={connectionPath(connection.id)}>Your connection: {STATUS_LABEL[connection.status]}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="dialog-actions">
        {isOwner ? (
          <>
            <Link to={`${here}/edit`} className="button button--secondary" preventScrollReset>
              Edit
            </Link>
            <Link to={`${here}/delete`} className="button button--secondary button--danger" preventScrollReset>
              Delete
            </Link>
          </>
        ) : hasProposals ? (
          <Link to={`${here}/connect`} className="button" preventScrollReset>
            Connect
          </Link>
        ) : (
          <Link to={`${sidePath("entrepreneur")}/new?back=${encodeURIComponent(`${here}/connect`)}`} className="button">
            Add your entrepreneur entry to connect
          </Link>
        )}
      </div>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Investor loan view · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
