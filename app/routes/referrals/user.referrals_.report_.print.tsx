import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ReportTable } from "~/features/referrals/ReportTable";
import { formatDate } from "~/lib/format";
import { badRequest } from "~/lib/http.server";
import printStyles from "~/styles/networth-print.css";
import { pageKind } from "~/ui/page-kind";
import { useHydrated } from "~/ui/use-hydrated";
import { reportFor } from "./report.server";

export const handle = pageKind("list");

// The net worth print page's sheet: the site's navigation hidden, A4 when printed.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { report, error, sort, descending, query } = await reportFor(request);
  if (!report) badRequest(error ?? "Choose a period.");
  return json({ report, sort, descending, query, today: new Date().toISOString().slice(0, 10) });
}

function PrintButton() {
  // window.print() needs JavaScript; without it the browser's own Print does the same.
  return useHydrated() ? (
    <button type="button" className="button" onClick={() => window.print()}>
      Print
    </button>
  ) : (
    <span className="muted">Print this page with your browser's Print command.</span>
  );
}

/** The chapter report on one sheet, without the site's navigation. */
export default function ChapterReportPrint() {
  const { report, sort, descending, query, today } = useLoaderData<typeof loader>();
  return (
    <article className="networth-print report-print">
      <p className="networth-print-tools">
        <Link to={`/user/referrals/report${query ? `?${query}` : ""}`}>Back to the chapter report</Link> <PrintButton />
      </p>
      <header className="networth-print-header">
        <h1>Chapter report</h1>
        <p>
          {formatDate(report.period.from)} – {formatDate(report.period.to)} · printed {formatDate(today)}
        </p>
      </header>
      <ReportTable rows={report.rows} totals={report.totals} sort={sort} descending={descending} />
    </article>
  );
}

export const meta: MetaFunction = () => [{ title: "Chapter report · Print · Chapter" }];
