import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { EntrepreneurTable, EntryFilterForm } from "~/features/proposals/EntryViews";
import { listEntrepreneurs } from "~/features/proposals/entries.server";
import { ProposalTabs } from "~/features/proposals/ProposalTabs";
import { requireMember } from "~/lib/session.server";
import styles from "~/styles/proposals.css";
import { EmptyState } from "~/ui/empty-state";
import { pageKind } from "~/ui/page-kind";
import { Pager } from "~/ui/pager";
import { listData } from "./entry-routes.server";

export const handle = pageKind("list");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json(await listData(request, listEntrepreneurs));
}

export default function Entrepreneurs() {
  const { entries, total, page, pages, filter, countries, currency } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const filtered = Boolean(filter.sector || filter.country || filter.min || filter.max);
  const pageHref = (target: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(target));
    return `/user/entrepreneurs?${params}`;
  };
  return (
    <>
      <div className="page-header">
        <h1>Entrepreneurs</h1>
        <Link to={`/user/entrepreneurs/new${search}`} className="button" preventScrollReset>
          Add my venture
        </Link>
      </div>
      <ProposalTabs />
      <p className="muted">Members' ventures seeking a loan. Open one to see its terms and connect with one of your investor entries.</p>
      <EntryFilterForm side="entrepreneur" filter={filter} countries={countries} currency={currency} />
      <section aria-labelledby="entries-heading">
        <h2 id="entries-heading" className="results-count">
          {total === 0 ? "No entries" : total === 1 ? "1 entry" : `${total} entries`}
          {filtered ? " found" : ""}
        </h2>
        {total === 0 ? (
          filtered ? (
            <EmptyState action={<Link to="/user/entrepreneurs">Show every entry</Link>}>Nothing matches these filters.</EmptyState>
          ) : (
            <EmptyState
              action={
                <Link to="/user/entrepreneurs/new" className="button" preventScrollReset>
                  Add my venture
                </Link>
              }
            >
              No entrepreneur entries yet.
            </EmptyState>
          )
        ) : (
          <EntrepreneurTable entries={entries} search={search} />
        )}
        <Pager page={page} pages={pages} href={pageHref} />
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Entrepreneurs · Chapter" }];
