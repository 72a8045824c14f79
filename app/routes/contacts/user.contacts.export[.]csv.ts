import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportContacts } from "~/features/contacts/contacts.server";
import { contactsCsv } from "~/features/contacts/export.server";
import { contactFiltersFrom } from "~/features/contacts/filters.server";
import { requireMember } from "~/lib/session.server";

/** The member's contacts (all, or as filtered on the list) as a .csv file. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contacts = await exportContacts(member.id, contactFiltersFrom(new URL(request.url).searchParams));
  const date = new Date().toISOString().slice(0, 10);
  return new Response(contactsCsv(contacts), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="chapter-contacts-${date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
