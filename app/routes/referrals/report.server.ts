import { todayIn } from "~/features/journal/dates";
import { chapterReport, REPORT_COLUMNS, type ReportColumn, reportPeriod, sortReport } from "~/features/referrals/report.server";
import { clubSettings } from "~/lib/club.server";
import { requireMember } from "~/lib/session.server";

/**
 * The chapter report as the address asks for it (period, dates, sort), for the page, its print
 * page and its CSV alike: an admin sees every member's line, a member their own line; both
 * see the chapter's totals.
 */
export async function reportFor(request: Request) {
  const member = await requireMember(request);
  const params = new URL(request.url).searchParams;
  // The club's meeting days and currency, as the admin set them on the club's page.
  const { timeZone: zone, currency } = await clubSettings();
  const asked = reportPeriod(params, todayIn(zone));
  const sort: ReportColumn = REPORT_COLUMNS.some((column) => column.key === params.get("sort")) ? (params.get("sort") as ReportColumn) : "name";
  const descending = params.get("dir") === "desc";
  const admin = member.role === "admin";
  const query = new URLSearchParams([...params].filter(([name]) => ["period", "from", "to", "sort", "dir"].includes(name))).toString();
  const base = {
    member,
    admin,
    kind: asked.kind,
    sort,
    descending,
    query,
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    currency,
  };
  if ("error" in asked) return { ...base, error: asked.error, report: null };
  const report = await chapterReport(asked.period, zone);
  const rows = sortReport(admin ? report.rows : report.rows.filter((row) => row.id === member.id), sort, descending, currency);
  return { ...base, error: null, report: { ...report, rows } };
}
