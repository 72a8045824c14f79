import type { LoaderFunctionArgs } from "@remix-run/node";
import { reportCsv } from "~/features/referrals/report.server";
import { badRequest } from "~/lib/http.server";
import { reportFor } from "./report.server";

/** The chapter report as a .csv file, for the same period and lines as the page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { report, error } = await reportFor(request);
  if (!report) badRequest(error ?? "Choose a period.");
  return new Response(reportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="chapter-report-${report.period.from}-${report.period.to}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
