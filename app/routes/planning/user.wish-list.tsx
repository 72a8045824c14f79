import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { WISH_LIST_STATUSES, WISH_LIST_TYPES, labelOf, yearChoices } from "~/features/planning/constants";
import { WishListTable } from "~/features/planning/WishListTable";
import { listWishList } from "~/features/planning/wish-list.server";
import { readWishListAddress } from "./planning-address.server";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { YearSelector } from "~/ui/year-selector";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { year, type, status, thisYear } = readWishListAddress(request);
  const items = await listWishList(member.id, { year, type, status });
  return json({ year, type, status, years: yearChoices(thisYear, year), items });
}

export default function WishList() {
  const { year, type, status, years, items } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const filtered = Boolean(type || status);
  const clearFilter = `/user/wish-list?year=${year}`;
  return (
    <>
      <div className="page-header">
        <h1>My wish list</h1>
        <div className="form-actions">
          <Link to={`/user/wish-list/filter${search}`} className="button button--secondary" preventScrollReset>
            Filter
          </Link>
          <Link to={`/user/wish-list/new${search}`} className="button" preventScrollReset>
            Add to wish list
          </Link>
        </div>
      </div>
      <div className="planning-bar">
        <YearSelector years={years} year={year} keep={{ type: type ?? "", status: status ?? "" }} />
        {filtered ? (
          <p className="planning-filter" data-testid="active-filter">
            {type ? <span className="badge">Type: {labelOf(WISH_LIST_TYPES, type)}</span> : null}{" "}
            {status ? <span className="badge">Status: {labelOf(WISH_LIST_STATUSES, status)}</span> : null} <Link to={clearFilter}>Clear filter</Link>
          </p>
        ) : null}
      </div>
      <section aria-labelledby="wish-list-heading">
        <h2 id="wish-list-heading" className="results-count">
          {items.length === 0 ? "Nothing" : items.length === 1 ? "1 wish" : `${items.length} wishes`} for {year}
        </h2>
        {items.length ? (
          <WishListTable items={items} search={search} />
        ) : filtered ? (
          <EmptyState action={<Link to={clearFilter}>Show the whole list for {year}</Link>}>Nothing on your {year} wish list matches this filter.</EmptyState>
        ) : (
          <EmptyState
            action={
              <Link to={`/user/wish-list/new${search}`} className="button" preventScrollReset>
                Add to wish list
              </Link>
            }
          >
            Nothing on your wish list for {year} yet. What do you want to have, do, be, see or learn this year?
          </EmptyState>
        )}
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `My wish list${data ? ` ${data.year}` : ""} · Chapter` }];
