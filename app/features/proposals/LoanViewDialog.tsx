import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { RouteDialog } from "~/ui/route-dialog";
import { type Side, STATUS_LABEL, connectionPath, entryPath, otherSide, sidePath } from "./constants";

/** SPEC.md §2's loan view of an entry (`children`: its terms); its owner edits or deletes it,
 * another member connects with one of their entries of the other side. */
export function LoanViewDialog({
  side,
  title,
  data: { entry, isOwner, connections, hasProposals },
  children,
}: {
  side: Side;
  title: string;
  data: { entry: { id: number }; isOwner: boolean; connections: { id: number; status: keyof typeof STATUS_LABEL }[]; hasProposals: boolean };
  children: ReactNode;
}) {
  const { search } = useLocation();
  const here = entryPath(side, entry.id);
  return (
    <RouteDialog title={title} closeTo={`${sidePath(side)}${search}`}>
      {children}
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
          <Link to={`${sidePath(otherSide(side))}/new?back=${encodeURIComponent(`${here}/connect`)}`} className="button">
            Add your {otherSide(side)} entry to connect
          </Link>
        )}
      </div>
    </RouteDialog>
  );
}
