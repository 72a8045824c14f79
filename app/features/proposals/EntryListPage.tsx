import { Link, Outlet, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { EmptyState } from "~/ui/empty-state";
import type { Option } from "~/ui/field";
import { Pager } from "~/ui/pager";
import { type Side, sidePath } from "./constants";
import { EntryFilterForm, type Filter } from "./EntryViews";
import { ProposalTabs } from "./ProposalTabs";

// The entrepreneurs' and investors' pages and dialogs are the same but for their words: one
// component each (this file, LoanViewDialog, ConnectDialog, DeleteEntryDialog), given the side.

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
