import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { STATUS_LABEL, connectionPath, entryPath, sidePath } from "~/features/proposals/constants";
import { EntrepreneurDetails, DocumentList } from "~/features/proposals/EntryViews";
import { getEntrepreneur } from "~/features/proposals/entries.server";
import { requireMember } from "~/lib/session.server";
import { RouteDialog } from "~/ui/route-dialog";
import { loanViewData } from "./entry-routes.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json(await loanViewData("entrepreneur", member, params.entryId, getEntrepreneur));
}

/** SPEC.md §2's entrepreneur loan view: the entry's terms; its owner edits or deletes it, another
 * member connects with one of their investor entries. */
export default function EntrepreneurLoanView() {
  const { entry, isOwner, documents, connections, hasProposals } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const here = entryPath("entrepreneur", entry.id);
  return (
    <RouteDialog title={entry.business_name} closeTo={`${sidePath("entrepreneur")}${search}`}>
      <EntrepreneurDetails entry={entry} />
      <DocumentList documents={documents} />
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
          <Link to={`${sidePath("investor")}/new?back=${encodeURIComponent(`${here}/connect`)}`} className="button">
            Add your investor entry to connect
          </Link>
        )}
      </div>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Entrepreneur loan view · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
