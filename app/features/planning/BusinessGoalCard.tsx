import { Link, useLocation } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { BusinessActionStatus } from "./BusinessActionStatus";
import { progressPercent } from "./business-constants";

type Content = { id: number; noted_on: string; note: string; link: string | null; attachment: { url: string; name: string } | null };
type Action = { id: number; title: string; due_date: string | null; status: string; contents: Content[] };
export type GoalCardData = {
  id: number;
  title: string;
  target: string | null;
  target_date: string | null;
  done: number;
  total: number;
  actions: Action[];
};

/** A goal on its business page: its target, its progress (actions done / total) as a bar,
 * and its actions, each with the log of what was done. Links are relative to the business
 * page, where every dialog opens. */
export function BusinessGoalCard({ goal }: { goal: GoalCardData }) {
  const percent = progressPercent(goal.done, goal.total);
  // Keyed by the location, so a menu is closed again once its dialog has done its work.
  const { key } = useLocation();
  return (
    <article className="card business-goal" aria-labelledby={`goal-heading-${goal.id}`} data-testid="business-goal">
      <div className="business-goal-header">
        <h3 id={`goal-heading-${goal.id}`}>{goal.title}</h3>
        <details className="menu action-menu" key={key}>
          <summary className="button button--secondary button--small" aria-label={`Goal menu: ${goal.title}`}>
            Goal
          </summary>
          <ul>
            <li>
              <Link to={`goals/${goal.id}/edit`} preventScrollReset>
                Edit goal
              </Link>
            </li>
            <li className="menu-separator">
              <Link to={`goals/${goal.id}/delete`} className="menu-danger" preventScrollReset>
                Delete goal
              </Link>
            </li>
          </ul>
        </details>
      </div>
      {goal.target || goal.target_date ? (
        <p className="muted">
          {[goal.target ? `Target: ${goal.target}` : null, goal.target_date ? `by ${formatDate(goal.target_date)}` : null].filter(Boolean).join(" ")}
        </p>
      ) : null}
      <div className="goal-progress">
        {/* A <progress>, not a styled width: the page's CSP allows no inline styles. */}
        <progress className="goal-progress-bar" aria-label={`Progress of ${goal.title}`} value={goal.done} max={Math.max(goal.total, 1)}>
          {percent}%
        </progress>
        <span className="goal-progress-text">
          {goal.done} of {goal.total} actions done
        </span>
      </div>
      {goal.actions.length ? (
        <ul className="goal-actions">
          {goal.actions.map((action) => (
            <GoalAction key={action.id} action={action} />
          ))}
        </ul>
      ) : (
        <p className="muted">No actions yet: add the steps that reach this goal.</p>
      )}
      <p>
        <Link to={`goals/${goal.id}/actions/new`} className="button button--small" preventScrollReset aria-label={`Add an action to ${goal.title}`}>
          Add an action
        </Link>
      </p>
    </article>
  );
}

function GoalAction({ action }: { action: Action }) {
  const { key } = useLocation();
  return (
    <li className={`goal-action goal-action--${action.status}`} data-testid="goal-action">
      <div className="goal-action-row">
        <div className="goal-action-title">
          <strong>{action.title}</strong>
          {action.due_date ? (
            <span className="muted">
              {" "}
              · due <time dateTime={action.due_date}>{formatDate(action.due_date)}</time>
            </span>
          ) : null}
          {action.status === "done" ? (
            <>
              {" "}
              <span className="badge badge--achieved">
                <span aria-hidden="true">✓ </span>Done
              </span>
            </>
          ) : null}
        </div>
        <BusinessActionStatus action={`actions/${action.id}/status`} title={action.title} status={action.status} />
        <details className="menu action-menu" key={key}>
          <summary className="button button--secondary button--small" aria-label={`More for ${action.title}`}>
            More
          </summary>
          <ul>
            <li>
              <Link to={`actions/${action.id}/contents/new`} preventScrollReset>
                Add content
              </Link>
            </li>
            <li>
              <Link to={`actions/${action.id}/edit`} preventScrollReset>
                Edit action
              </Link>
            </li>
            <li className="menu-separator">
              <Link to={`actions/${action.id}/delete`} className="menu-danger" preventScrollReset>
                Delete action
              </Link>
            </li>
          </ul>
        </details>
      </div>
      {action.contents.length ? (
        <ul className="action-contents" aria-label={`What was done for ${action.title}`}>
          {action.contents.map((content) => (
            <li key={content.id}>
              <time dateTime={content.noted_on}>{formatDate(content.noted_on)}</time> <span className="action-content-note">{content.note}</span>
              {content.link ? (
                <>
                  {" "}
                  <a href={content.link} rel="noopener noreferrer nofollow" target="_blank">
                    Link
                  </a>
                </>
              ) : null}
              {content.attachment ? (
                <>
                  {" "}
                  <a href={content.attachment.url}>{content.attachment.name}</a>
                </>
              ) : null}{" "}
              <Link to={`contents/${content.id}/edit`} preventScrollReset aria-label={`Edit content of ${content.noted_on}`}>
                Edit
              </Link>{" "}
              <Link to={`contents/${content.id}/delete`} className="link--danger" preventScrollReset aria-label={`Delete content of ${content.noted_on}`}>
                Delete
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
