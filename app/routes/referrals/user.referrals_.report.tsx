import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ReportTable } from "~/features/referrals/ReportTable";
import { formatDate } from "~/lib/format";
import { Field } from "~/ui/field";
import { pageKind } from "~/ui/page-kind";
import { reportFor } from "./report.server";

/** The chapter report: referrals, one-to-ones, attendance and thank-you amounts for the
 * meeting week (the default), the month, the quarter or chosen dates. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { member: _member, ...report } = await reportFor(request);
  return json(report);
}

const PERIODS = [
  { kind: "week", label: "This week" },
  { kind: "month", label: "This month" },
  { kind: "quarter", label: "This quarter" },
] as const;

export default function ChapterReport() {
  const { admin, kind, sort, descending, query, from, to, error, report } = useLoaderData<typeof loader>();
  const shownFrom = from || report?.period.from || "";
  const shownTo = to || report?.period.to || "";
  const address = (changes: Record<string, string | null>) => {
    const params = new URLSearchParams(query);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) params.delete(name);
      else params.set(name, value);
    }
    const text = params.toString();
    return text ? `?${text}` : "";
  };
  return (
    <>
      <p>
        <Link to="/user/referrals">← Referrals</Link>
      </p>
      <div className="page-header">
        <h1>Chapter report</h1>
        {report ? (
          <p className="form-actions">
            <a href={`/user/referrals/report.csv${address({})}`} className="button button--secondary" download>
              Download CSV
            </a>
            <Link to={`/user/referrals/report/print${address({})}`} className="button button--secondary">
              Print
            </Link>
          </p>
        ) : null}
      </div>
      <nav aria-label="Period" className="report-periods">
        {PERIODS.map((period) => (
          <Link
            key={period.kind}
            to={address({ period: period.kind === "week" ? null : period.kind, from: null, to: null })}
            aria-current={kind === period.kind ? "page" : undefined}
            className={kind === period.kind ? "button button--small" : "button button--secondary button--small"}
          >
            {period.label}
          </Link>
        ))}
      </nav>
      {/* The dates start as the period shown (the week, month or quarter), so a member moves
          one end rather than typing both; keyed by them, so they follow the period chosen. */}
      <Form method="get" className="report-dates" aria-label="Chosen dates" key={`${shownFrom} ${shownTo}`}>
        <input type="hidden" name="period" value="dates" />
        <Field label="From" inputProps={{ type: "date", name: "from", defaultValue: shownFrom, required: true }} errors={error ? [error] : undefined} />
        <Field label="To" inputProps={{ type: "date", name: "to", defaultValue: shownTo, required: true }} />
        <button type="submit" className="button button--secondary">
          Show these dates
        </button>
      </Form>
      {report ? (
        <section aria-labelledby="report-heading">
          <h2 id="report-heading">
            {formatDate(report.period.from)} – {formatDate(report.period.to)}
          </h2>
          <p className="muted" data-testid="report-note">
            {admin ? "Every member's figures. " : "Your figures and the chapter's totals. "}
            {
              "An inside referral is the giver's own need (they are the customer); an outside one, someone else's. Thank-you amounts are for business closed in the period."
            }
          </p>
          <ReportTable
            rows={report.rows}
            totals={report.totals}
            sort={sort}
            descending={descending}
            sortHref={(column, down) => address({ sort: column === "name" ? null : column, dir: down ? "desc" : null })}
          />
        </section>
      ) : null}
    </>
  );
}

export const handle = pageKind("list");

export const meta: MetaFunction = () => [{ title: "Chapter report · Chapter" }];
