import { Link, Outlet, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { EmptyState } from "~/ui/empty-state";
import type { Option } from "~/ui/field";
import { Pager } from "~/ui/pager";
import { RouteDialog } from "~/ui/route-dialog";
import { ConnectForm } from "./ConnectForm";
import { type Side, STATUS_LABEL, connectionPath, entryPath, otherSide, sidePath } from "./constants";
import { EntryFilterForm, type Filter } from "./EntryViews";
import { ProposalTabs } from "./ProposalTabs";

// The entrepreneurs' and investors' pages and dialogs are the same but for their words: one
// component each, given the side.

const LIST_WORDS: Record<Side, { title: string; add: string; intro: string; none: string }> = {
  entrepreneur: {
    title: "Entrepreneurs",
    add: "Add my venture",
    intro: "Members' ventures seeking a loan. Open one to see its terms and connect with one of your investor entries.",
    none: "No entrepreneur entries yet.",
  },
  investor: {
    title: "Investors",
    add: "Offer loans",
    intro: "Members offering loans. Open one to see its terms and connect with one of your entrepreneur entries.",
    none: "No investor entries yet.",
  },
};

/** SPEC.md §2's entrepreneur and investor lists: filters, the side's table (`table`), pages. */
export function EntryListPage({
  side,
  data: { total, page, pages, filter, countries, currency },
  table,
}: {
  side: Side;
  data: { total: number; page: number; pages: number; filter: Filter; countries: Option[]; currency: string };
  table: ReactNode;
}) {
  const { search } = useLocation();
  const words = LIST_WORDS[side];
  const list = sidePath(side);
  const filtered = Boolean(filter.sector || filter.country || filter.min || filter.max);
  const pageHref = (target: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(target));
    return `${list}?${params}`;
  };
  return (
    <>
      <div className="page-header">
        <h1>{words.title}</h1>
        <Link to={`${list}/new${search}`} className="button" preventScrollReset>
          {words.add}
        </Link>
      </div>
      <ProposalTabs />
      <p className="muted">{words.intro}</p>
      <EntryFilterForm side={side} filter={filter} countries={countries} currency={currency} />
      <section aria-labelledby="entries-heading">
        <h2 id="entries-heading" className="results-count">
          {total === 0 ? "No entries" : total === 1 ? "1 entry" : `${total} entries`}
          {filtered ? " found" : ""}
        </h2>
        {total === 0 ? (
          filtered ? (
            <EmptyState action={<Link to={list}>Show every entry</Link>}>Nothing matches these filters.</EmptyState>
          ) : (
            <EmptyState
              action={
                <Link to={`${list}/new`} className="button" preventScrollReset>
                  {words.add}
                </Link>
              }
            >
              {words.none}
            </EmptyState>
          )
        ) : (
          table
        )}
        <Pager page={page} pages={pages} href={pageHref} />
      </section>
      <Outlet />
    </>
  );
}

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

/** SPEC.md §8 asks "… this event?" for entries too; the entry is named instead (README). */
export function DeleteEntryDialog({ side, data: { id, name, open } }: { side: Side; data: { id: number; name: string; open: number } }) {
  return (
    <ConfirmDialog message={`Are you sure you want to delete ${name}?`} cancelTo={entryPath(side, id)}>
      {open ? (
        <p>
          {open === 1 ? "Its open connection" : `Its ${open} open connections`} will be closed, and the members told.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
