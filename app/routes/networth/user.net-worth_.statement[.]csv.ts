import type { LoaderFunctionArgs } from "@remix-run/node";
import { statementCsv } from "~/features/networth/csv.server";
import { netWorthYear } from "~/features/networth/networth.server";
import { requireMember } from "~/lib/session.server";
import { yearOfAddress } from "./networth-address.server";

/** The year's statement as a .csv file (`?year=`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const year = yearOfAddress(request);
  return new Response(statementCsv(await netWorthYear(member.id, year)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="chapter-net-worth-${year}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
