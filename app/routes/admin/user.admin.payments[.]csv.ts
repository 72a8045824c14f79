import type { LoaderFunctionArgs } from "@remix-run/node";
import { paymentFiltersFrom, paymentsCsv } from "~/features/payments/admin-payments.server";
import { requireAdmin } from "~/lib/session.server";

/** The payments list as a spreadsheet, with the filters of the page it was asked from. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const filters = paymentFiltersFrom(new URL(request.url).searchParams);
  const filename = `chapter-payments-${new Date().toISOString().slice(0, 10)}.csv`;
  return new Response(paymentsCsv(filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
