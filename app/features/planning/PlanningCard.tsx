import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatDate, formatMoney, formatWallClock } from "~/lib/format";
import { BIG_TASK_STATUSES, WISH_LIST_STATUSES, WISH_LIST_TYPES, labelOf, priorityBand } from "./constants";

type Wish = { id: number; title: string; type: string; status: string; target_date: string | null };
type Task = { id: number; title: string; priority: number; status: string; due_date: string | null };
type Training = { id: number; title: string; date: string; start_time: string };
type NetWorth = { quarter: number; value: number; currency: string };

/** The home page's Planning card: this year's open wishes and big tasks, with links to both
 * pages, the next training the member registered for, this year's latest net worth and the way to
 * today's journal. */
export function PlanningCard({
  year,
  wishes,
  tasks,
  nextTraining,
  netWorth,
  calendar,
}: {
  /** Today's calendar tasks (the calendar area's daily tasks). */
  calendar?: ReactNode;
  year: number;
  wishes: Wish[];
  tasks: Task[];
  nextTraining: Training | null;
  netWorth: NetWorth | null;
}) {
  return (
    <section className="card home-planning" aria-labelledby="planning-heading">
      <h2 id="planning-heading">Planning {year}</h2>
      <p data-testid="next-training">
        {nextTraining ? (
          <>
            Your next training: <Link to={`/user/trainings/${nextTraining.id}`}>{nextTraining.title}</Link>{" "}
            <span className="muted">· {formatWallClock(`${nextTraining.date}T${nextTraining.start_time}`)}</span>
          </>
        ) : (
          <>
            No training ahead for you. <Link to="/user/trainings">See the trainings</Link>
          </>
        )}
      </p>
      <p data-testid="planning-net-worth">
        {netWorth ? (
          <>
            Net worth at the end of Q{netWorth.quarter}: <strong>{formatMoney(netWorth.value, netWorth.currency)}</strong>{" "}
          </>
        ) : (
          <>No net worth given for {year} yet. </>
        )}
        <Link to={`/user/net-worth?year=${year}`}>Your net worth</Link>
      </p>
      <OpenList
        heading="Wish list"
        label="Open wishes"
        items={wishes}
        details={(wish) => (
          <>
            · {labelOf(WISH_LIST_TYPES, wish.type)}
            {wish.status === "open" ? "" : ` · ${labelOf(WISH_LIST_STATUSES, wish.status)}`}
            {wish.target_date ? ` · ${formatDate(wish.target_date)}` : ""}
          </>
        )}
        empty={<>Nothing open on your wish list for {year}.</>}
        to={`/user/wish-list?year=${year}`}
        linkText="Your wish list"
      />
      <OpenList
        heading="Big tasks"
        label="Open big tasks"
        items={tasks}
        details={(task) => (
          <>
            · {priorityBand(task.priority).label} priority
            {task.status === "pending" ? "" : ` · ${labelOf(BIG_TASK_STATUSES, task.status)}`}
            {task.due_date ? ` · due ${formatDate(task.due_date)}` : ""}
          </>
        )}
        empty={<>No big tasks open for {year}.</>}
        to={`/user/big-tasks?year=${year}`}
        linkText="Your big tasks"
      />
      {calendar}
      <h3>Journal</h3>
      <p>
        <Link to="/user/journal">Today&apos;s journal</Link>
      </p>
    </section>
  );
}

/** One of the card's lists of what is still open, with the link to its page. */
function OpenList<Item extends { id: number; title: string }>({
  heading,
  label,
  items,
  details,
  empty,
  to,
  linkText,
}: {
  heading: string;
  label: string;
  items: Item[];
  details: (item: Item) => ReactNode;
  empty: ReactNode;
  to: string;
  linkText: string;
}) {
  return (
    <>
      <h3>{heading}</h3>
      {items.length ? (
        <ul className="home-list" aria-label={label}>
          {items.map((item) => (
            <li key={item.id}>
              {item.title} <span className="muted">{details(item)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
      <p>
        <Link to={to}>{linkText}</Link>
      </p>
    </>
  );
}
