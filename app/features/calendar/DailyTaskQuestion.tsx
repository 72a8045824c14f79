import { Form, Link } from "@remix-run/react";
import { formatDate } from "~/lib/format";
import { CsrfInput } from "~/ui/csrf-input";

/** A daily-task call opened as a page: its question and the form that answers it (SPEC.md §7's
 * GETs change nothing). */
export function DailyTaskQuestion({ dailyTaskId, title, date, question }: { dailyTaskId: string; title: string; date: string; question: string }) {
  return (
    <section className="card" aria-labelledby="daily-task-question">
      <h1 id="daily-task-question">Confirm!</h1>
      <p>
        <strong>{title}</strong> · {formatDate(date)}
      </p>
      <Form method="post">
        <CsrfInput />
        <input type="hidden" name="dailytask_id" value={dailyTaskId} />
        <input type="hidden" name="from_page" value="1" />
        <p className="confirm-message">{question}</p>
        <div className="dialog-actions">
          <Link to="/user/calendar" className="button button--secondary">
            Cancel
          </Link>
          <button type="submit" className="button">
            Yes
          </button>
        </div>
      </Form>
    </section>
  );
}
