import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getJournalEntry } from "~/features/journal/journal.server";
import { JournalDayQuerySchema } from "~/features/journal/schema";
import { requireValid } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 GET /user/calendercd/showtaskreviewbeforeprintjournal {thisdate}: the member's
 * journal of that day as `{jornal, created_at, updated_at}`, or the text "new" when they have
 * not written one (§4). A date that is not yyyy-mm-dd answers 400 with why. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const { thisdate: date } = requireValid(new URL(request.url).searchParams, JournalDayQuerySchema);
  const entry = await getJournalEntry(member.id, date);
  const headers = { "Cache-Control": "private, no-store" };
  if (!entry) return new Response("new", { headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" } });
  return json({ jornal: entry.text, created_at: entry.created_at, updated_at: entry.updated_at }, { headers });
}
