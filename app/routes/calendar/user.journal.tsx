import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, Outlet, useLoaderData } from "@remix-run/react";
import { dayHeading, EMPTY_JOURNAL, journalDate, journalDateProblem, journalDialog, journalPage, journalPrint, todayIn } from "~/features/journal/dates";
import { JournalDayNav, JournalTimes } from "~/features/journal/JournalDay";
import { getJournalEntry, recentJournalDays } from "~/features/journal/journal.server";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { pageKind } from "~/ui/page-kind";

export const handle = pageKind("reading");

/** The day shown: the journal dialog's own (`/user/journal/{date}`), else `?date=`, else the
 * member's today. A `?date=` that is not a date is answered beside the date field (400). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const today = todayIn(member.timeZone);
  const recent = await recentJournalDays(member.id);
  // Behind the dialog of a day that is not one, today's page (the dialog says "Not found").
  const asked = params.date !== undefined ? (journalDate(params.date) ?? today) : new URL(request.url).searchParams.get("date")?.trim() || today;
  const dateError = journalDateProblem(asked);
  if (dateError) return json({ today, date: null, typed: asked.slice(0, 40), dateError, entry: null, recent }, { status: 400 });
  const entry = await getJournalEntry(member.id, asked);
  return json({ today, date: asked, typed: asked, dateError: null, entry, recent });
}

export default function Journal() {
  const { today, date, typed, dateError, entry, recent } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Journal</h1>
        {date ? (
          <Link to={journalPrint(date)} className="button button--secondary">
            Print this day
          </Link>
        ) : null}
      </div>
      <JournalDayNav date={date} today={today} dateError={dateError} typed={typed} />
      {date ? (
        <section className="card journal-day" aria-labelledby="journal-day-heading">
          <h2 id="journal-day-heading">
            {dayHeading(date)}
            {date === today ? <span className="muted"> · today</span> : null}
          </h2>
          {entry ? (
            <>
              <div className="prewrap journal-text" data-testid="journal-text">
                {entry.text}
              </div>
              <JournalTimes entry={entry} />
              <div className="form-actions">
                <Link to={journalDialog(date)} className="button" preventScrollReset>
                  Edit the journal
                </Link>
              </div>
            </>
          ) : (
            <EmptyState
              action={
                <Link to={journalDialog(date)} className="button" preventScrollReset>
                  Write the journal
                </Link>
              }
            >
              {EMPTY_JOURNAL}
            </EmptyState>
          )}
        </section>
      ) : (
        <p>
          <Link to={journalPage(today)}>Go to today&apos;s journal</Link>
        </p>
      )}
      {recent.length ? (
        <section className="card" aria-labelledby="journal-recent-heading">
          <h2 id="journal-recent-heading">Recent days</h2>
          <ul className="journal-recent" aria-label="Recent days with a journal">
            {recent.map((day) => (
              <li key={day.date}>
                <Link to={journalPage(day.date)} aria-current={day.date === date ? "page" : undefined}>
                  {dayHeading(day.date)}
                </Link>
                <span className="muted journal-preview">{day.preview}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Outlet />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.date ? `Journal · ${dayHeading(data.date)} · Chapter` : "Journal · Chapter" }];
