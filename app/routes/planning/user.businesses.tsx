import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { businessPath } from "~/features/planning/business-constants";
import { listBusinesses } from "~/features/planning/business.server";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { pageKind } from "~/ui/page-kind";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ businesses: await listBusinesses(member.id) });
}

export default function Businesses() {
  const { businesses } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>My businesses</h1>
        <Link to="/user/businesses/new" className="button" preventScrollReset>
          Create a business
        </Link>
      </div>
      {businesses.length === 0 ? (
        <EmptyState
          action={
            <Link to="/user/businesses/new" className="button button--secondary" preventScrollReset>
              Create a business
            </Link>
          }
        >
          No businesses yet. Create one, then set its goals and the actions that reach them.
        </EmptyState>
      ) : (
        <table className="list list--stacked card">
          <thead>
            <tr>
              <th scope="col">Business</th>
              <th scope="col">Industry</th>
              <th scope="col">Goals</th>
              <th scope="col">Actions done</th>
            </tr>
          </thead>
          <tbody>
            {businesses.map((business) => (
              <tr key={business.id}>
                <td data-label="Business">
                  <Link to={businessPath(business.id)}>{business.name}</Link>
                </td>
                <td data-label="Industry">{business.industry ?? "—"}</td>
                <td data-label="Goals">{business.goals}</td>
                <td data-label="Actions done">
                  {business.done} of {business.actions}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Outlet />
    </>
  );
}

export const handle = pageKind("list");

export const meta: MetaFunction = () => [{ title: "My businesses · Chapter" }];
