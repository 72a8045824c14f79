import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { BusinessGoalCard } from "~/features/planning/BusinessGoalCard";
import { businessPlan, getBusiness } from "~/features/planning/business.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { DetailPageHeader } from "~/ui/detail-page-header";
import { pageKind } from "~/ui/page-kind";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const business = await requireFound(params.businessId, (id) => getBusiness(member.id, id));
  return json({ business, goals: await businessPlan(member.id, business.id) });
}

export default function BusinessPage() {
  const { business, goals } = useLoaderData<typeof loader>();
  const { key } = useLocation();
  return (
    <>
      <DetailPageHeader back="/user/businesses" backLabel="My businesses" title={business.name}>
        <div className="form-actions">
          <Link to="goals/new" className="button" preventScrollReset>
            Add a goal
          </Link>
          <details className="menu action-menu" key={key}>
            <summary className="button button--secondary" aria-label="Business menu">
              Business
            </summary>
            <ul>
              <li>
                <Link to="edit" preventScrollReset>
                  Edit business
                </Link>
              </li>
              <li className="menu-separator">
                <Link to="delete" className="menu-danger" preventScrollReset>
                  Delete business
                </Link>
              </li>
            </ul>
          </details>
        </div>
      </DetailPageHeader>
      {business.description || business.industry || business.website ? (
        <section className="card">
          {business.description ? <p className="business-description">{business.description}</p> : null}
          <dl className="details">
            {business.industry ? (
              <>
                <dt>Industry</dt>
                <dd>{business.industry}</dd>
              </>
            ) : null}
            {business.website ? (
              <>
                <dt>Website</dt>
                <dd>
                  <a href={business.website} rel="noopener noreferrer nofollow" target="_blank">
                    {business.website}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}
      <section aria-labelledby="goals-heading" className="business-goals">
        <h2 id="goals-heading">Goals</h2>
        {goals.length === 0 ? (
          <EmptyState
            action={
              <Link to="goals/new" className="button button--secondary" preventScrollReset>
                Add a goal
              </Link>
            }
          >
            No goals yet. Add one with a measurable target, then the actions that reach it.
          </EmptyState>
        ) : (
          goals.map((goal) => <BusinessGoalCard key={goal.id} goal={goal} />)
        )}
      </section>
      <Outlet />
    </>
  );
}

export const handle = pageKind("list");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.business.name ?? "Business"} · Chapter` }];
