import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listConnections } from "~/features/proposals/connections.server";
import { STATUS_LABEL, connectionPath } from "~/features/proposals/constants";
import { ProposalTabs } from "~/features/proposals/ProposalTabs";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { ListTable } from "~/ui/list-table";
import { pageKind } from "~/ui/page-kind";
import { ViewerTime } from "~/ui/viewer-time";

export const handle = pageKind("list");

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ connections: await listConnections(member.id) });
}

/** The member's connections on proposals: incoming ones first to answer, and those they sent. */
export default function Connections() {
  const { connections } = useLoaderData<typeof loader>();
  const waiting = connections.filter((connection) => connection.waitingForMe);
  const table = (rows: typeof connections, label: string) => (
    <ListTable headings={["Proposal", "With", "Status", "Last activity"]}>
      {rows.map((connection) => (
        <tr key={connection.id} data-testid={label}>
          <th scope="row">
            <Link to={connectionPath(connection.id)}>{connection.business_name}</Link>
          </th>
          <td data-label="With">{connection.otherName}</td>
          <td data-label="Status">{connection.waitingForMe ? "Waiting for your answer" : STATUS_LABEL[connection.status]}</td>
          <td data-label="Last activity">
            <ViewerTime value={connection.updated_at} />
          </td>
        </tr>
      ))}
    </ListTable>
  );
  return (
    <>
      <div className="page-header">
        <h1>My connections</h1>
      </div>
      <ProposalTabs />
      <section aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">Waiting for your answer ({waiting.length})</h2>
        {waiting.length ? table(waiting, "waiting-connection") : <p className="muted">Nothing is waiting for your answer.</p>}
      </section>
      <section aria-labelledby="all-heading">
        <h2 id="all-heading">All your connections</h2>
        {connections.length ? (
          table(connections, "connection")
        ) : (
          <EmptyState action={<Link to="/user/investors">Browse investors</Link>}>
            No connections yet. Open an entry of the entrepreneurs or investors and connect with one of your own.
          </EmptyState>
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "My connections · Chapter" }];
