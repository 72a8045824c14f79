import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { BigTaskTable } from "~/features/planning/BigTaskTable";
import { listBigTasks } from "~/features/planning/big-task.server";
import { BIG_TASK_STATUSES, PRIORITY_BANDS, labelOf, yearChoices } from "~/features/planning/constants";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { YearSelector } from "~/ui/year-selector";
import { readBigTaskAddress } from "./planning-address.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { year, status, priority, thisYear } = readBigTaskAddress(request);
  const tasks = await listBigTasks(member.id, { year, status, priority });
  return json({ year, status, priority, years: yearChoices(thisYear, year), tasks });
}

export default function BigTasks() {
  const { year, status, priority, years, tasks } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const filtered = Boolean(status || priority);
  const clearFilter = `/user/big-tasks?year=${year}`;
  return (
    <>
      <div className="page-header">
        <h1>My big tasks</h1>
        <div className="form-actions">
          <Link to={`/user/big-tasks/filter${search}`} className="button button--secondary" preventScrollReset>
            Filter
          </Link>
          <Link to={`/user/big-tasks/new${search}`} className="button" preventScrollReset>
            Add task
          </Link>
        </div>
      </div>
      <div className="planning-bar">
        <YearSelector years={years} year={year} keep={{ status: status ?? "", priority: priority ?? "" }} />
        {filtered ? (
          <p className="planning-filter" data-testid="active-filter">
            {status ? <span className="badge">Status: {labelOf(BIG_TASK_STATUSES, status)}</span> : null}{" "}
            {priority ? <span className="badge">Priority: {labelOf(PRIORITY_BANDS, priority)}</span> : null} <Link to={clearFilter}>Clear filter</Link>
          </p>
        ) : null}
      </div>
      <section aria-labelledby="big-tasks-heading">
        <h2 id="big-tasks-heading" className="results-count">
          {tasks.length === 0 ? "No tasks" : tasks.length === 1 ? "1 task" : `${tasks.length} tasks`} for {year}
        </h2>
        {tasks.length ? (
          <BigTaskTable tasks={tasks} search={search} />
        ) : filtered ? (
          <EmptyState action={<Link to={clearFilter}>Show all big tasks of {year}</Link>}>None of your big tasks of {year} matches this filter.</EmptyState>
        ) : (
          <EmptyState
            action={
              <Link to={`/user/big-tasks/new${search}`} className="button" preventScrollReset>
                Add task
              </Link>
            }
          >
            No big tasks for {year} yet. Name the few large things this year is for, and how much each matters.
          </EmptyState>
        )}
      </section>
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `My big tasks${data ? ` ${data.year}` : ""} · Chapter` }];
