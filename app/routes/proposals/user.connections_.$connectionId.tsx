import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { getConnection, trailOf } from "~/features/proposals/connections.server";
import { ConnectionTrail } from "~/features/proposals/ConnectionTrail";
import { STATUS_LABEL, connectionPath, entryPath } from "~/features/proposals/constants";
import { documentsFor } from "~/features/proposals/documents.server";
import { DocumentList, EntrepreneurDetails, InvestorDetails } from "~/features/proposals/EntryViews";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { pageKind } from "~/ui/page-kind";

export const handle = pageKind("reading");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const connection = await requireFound(params.connectionId, (id) => getConnection(member.id, id));
  const [trail, documents] = await Promise.all([trailOf(connection.id), documentsFor(member.id, connection.entrepreneur)]);
  const { currentTerms, ...rest } = connection;
  return json({ connection: rest, currentHash: currentTerms.hash, trail, documents });
}

/** A connection as both members see it: the two entries, its status, the deal trail with its
 * messages, and Accept and Decline for the member asked to answer. */
export default function ConnectionPage() {
  const { connection, currentHash, trail, documents } = useLoaderData<typeof loader>();
  const other = connection.memberSide === "entrepreneur" ? connection.investor.owner_name : connection.entrepreneur.owner_name;
  const live = (entry: { deleted_at: string | null }) => !entry.deleted_at;
  return (
    <>
      <p>
        <Link to="/user/connections">← My connections</Link>
      </p>
      <div className="page-header">
        <h1>
          {connection.entrepreneur.business_name} · with {other}
        </h1>
      </div>
      <p data-testid="connection-status">
        Status:{" "}
        <strong>
          {connection.isRecipient
            ? "Waiting for your answer"
            : connection.status === "pending"
              ? `Waiting for ${other}'s answer`
              : STATUS_LABEL[connection.status]}
        </strong>
      </p>
      {connection.isRecipient ? (
        <div className="form-actions">
          <Link to={`${connectionPath(connection.id)}/accept`} className="button" preventScrollReset>
            Accept
          </Link>
          <Link to={`${connectionPath(connection.id)}/decline`} className="button button--secondary" preventScrollReset>
            Decline
          </Link>
        </div>
      ) : null}
      <section className="card" aria-labelledby="messages-heading">
        <h2 id="messages-heading">Messages and agreements</h2>
        <ConnectionTrail steps={trail} currentHash={currentHash} />
      </section>
      <div className="grid-2">
        <section className="card" aria-labelledby="entrepreneur-heading">
          <h2 id="entrepreneur-heading">
            {live(connection.entrepreneur) ? (
              <Link to={entryPath("entrepreneur", connection.entrepreneur.id)}>The entrepreneur entry</Link>
            ) : (
              "The entrepreneur entry (deleted)"
            )}
          </h2>
          <EntrepreneurDetails entry={connection.entrepreneur} />
          <DocumentList documents={documents} />
        </section>
        <section className="card" aria-labelledby="investor-heading">
          <h2 id="investor-heading">
            {live(connection.investor) ? <Link to={entryPath("investor", connection.investor.id)}>The investor entry</Link> : "The investor entry (deleted)"}
          </h2>
          <InvestorDetails entry={connection.investor} />
        </section>
      </div>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.connection.entrepreneur.business_name ?? "Connection"} · Chapter` }];
