import { Form, Link } from "@remix-run/react";
import { Field } from "~/ui/field";
import { ViewerTime } from "~/ui/viewer-time";
import { addDays, FIRST_JOURNAL_DATE, journalPage, LAST_JOURNAL_DATE, NO_TIME } from "./dates";

type Times = { created_at: string; updated_at: string } | null;

/** When a day's journal was first and last saved, on the member's clock; SPEC.md §4's
 * 0000-00-00 before it is first saved. */
export function JournalTimes({ entry }: { entry: Times }) {
  return (
    <dl className="details journal-times">
      <dt>Created</dt>
      <dd data-testid="journal-created">{entry ? <ViewerTime value={entry.created_at} /> : NO_TIME}</dd>
      <dt>Updated</dt>
      <dd data-testid="journal-updated">{entry ? <ViewerTime value={entry.updated_at} /> : NO_TIME}</dd>
    </dl>
  );
}

/** Moving between days: the day before and after, today, and any date (a GET form, so it works
 * without JavaScript and the day lives in the address). */
export function JournalDayNav({ date, today, dateError, typed }: { date: string | null; today: string; dateError: string | null; typed: string }) {
  const from = date ?? today;
  const previous = addDays(from, -1);
  const next = addDays(from, 1);
  return (
    <div className="journal-bar">
      <nav aria-label="Journal days" className="journal-days">
        {previous >= FIRST_JOURNAL_DATE ? (
          <Link to={journalPage(previous)} rel="prev" className="button button--secondary button--small">
            ← Previous day
          </Link>
        ) : null}
        <Link to={journalPage(today)} className="button button--secondary button--small" aria-current={date === today ? "page" : undefined}>
          Today
        </Link>
        {next <= LAST_JOURNAL_DATE ? (
          <Link to={journalPage(next)} rel="next" className="button button--secondary button--small">
            Next day →
          </Link>
        ) : null}
      </nav>
      <Form method="get" action="/user/journal" className="journal-picker" key={typed}>
        <Field
          label="Go to a date"
          errors={dateError ? [dateError] : undefined}
          inputProps={{ type: "date", name: "date", defaultValue: typed, min: FIRST_JOURNAL_DATE, max: LAST_JOURNAL_DATE, required: true }}
        />
        <button type="submit" className="button button--secondary">
          Show
        </button>
      </Form>
    </div>
  );
}
