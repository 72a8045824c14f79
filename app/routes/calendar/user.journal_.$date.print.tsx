import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { dayHeading, journalDate, journalPage } from "~/features/journal/dates";
import { printDay } from "~/features/journal/print-day.server";
import { PrintButton } from "~/features/journal/PrintButton";
import { PrintedTasks } from "~/features/journal/PrintedTasks";
import { orNotFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { pageKind } from "~/ui/page-kind";
import { ViewerTime } from "~/ui/viewer-time";

export const handle = pageKind("reading");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const date = orNotFound(journalDate(params.date));
  return json({ day: await printDay(member.id, date, member.timeZone), memberName: member.name });
}

/** A day on paper: its tasks and its journal; the print stylesheet leaves the site's header,
 * navigation and these buttons off the page. */
export default function PrintJournalDay() {
  const { day, memberName } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="print-bar print-hide">
        <Link to={journalPage(day.date)}>← Back to the journal</Link>
        <PrintButton />
      </div>
      <article className="print-day" aria-labelledby="print-day-heading">
        <p className="print-day-kicker">{memberName} · Journal</p>
        <h1 id="print-day-heading">{dayHeading(day.date)}</h1>
        <PrintedTasks tasks={day.tasks} />
        <section aria-labelledby="print-journal-heading">
          <h2 id="print-journal-heading">Journal</h2>
          {day.journal ? (
            <>
              <div className="prewrap journal-text" data-testid="journal-text">
                {day.journal.text}
              </div>
              <p className="muted">
                Written <ViewerTime value={day.journal.created_at} />
                {day.journal.updated_at !== day.journal.created_at ? (
                  <>
                    {" "}
                    · last changed <ViewerTime value={day.journal.updated_at} />
                  </>
                ) : null}
              </p>
            </>
          ) : (
            <p className="muted">No journal was written for this day.</p>
          )}
        </section>
      </article>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${dayHeading(data.day.date)} · Journal · Chapter` : "Journal · Chapter" }];
