import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { RouteDialog } from "~/ui/route-dialog";
import { ConnectForm } from "./ConnectForm";
import { type Side, entryPath, otherSide } from "./constants";

/** SPEC.md §2's connect modal on an entry: the proposal form, with one of the member's entries
 * of the other side. */
export function ConnectDialog({
  side,
  data: { entry, proposals, chosen, existing, terms, delayMs, newProposalPath },
  lastResult,
  changedTerms,
}: {
  side: Side;
  data: { entry: { id: number; name: string; owner_name: string } } & Omit<Parameters<typeof ConnectForm>[0], "lastResult" | "cancelTo"> & {
      newProposalPath: string;
    };
  lastResult: SubmissionResult<string[]> | undefined;
  /** The terms as they stand now, when the connect was refused because they changed. */
  changedTerms?: Parameters<typeof ConnectForm>[0]["terms"];
}) {
  const back = entryPath(side, entry.id);
  return (
    <RouteDialog title={`Connect with ${entry.owner_name}`} closeTo={back}>
      <p>
        On <strong>{entry.name}</strong>.
      </p>
      {proposals.length ? (
        <ConnectForm
          key={chosen ?? "none"}
          proposals={proposals}
          chosen={chosen}
          existing={existing}
          terms={changedTerms ?? terms}
          delayMs={delayMs}
          lastResult={lastResult}
          cancelTo={back}
        />
      ) : (
        <p>
          You have no {otherSide(side)} entry yet. <Link to={newProposalPath}>Add one</Link> to connect.
        </p>
      )}
    </RouteDialog>
  );
}
