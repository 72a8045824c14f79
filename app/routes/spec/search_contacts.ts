import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { searchMembers } from "~/features/social/member-search.server";
import { MemberSearchQuerySchema } from "~/features/social/schema";
import { requireValid } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/**
 * SPEC.md §7: GET /search_contacts?q= — the autocomplete's items (SPEC.md §3's search result
 * item) as JSON, for signed-in members only. A browser opening it as a page is sent to the
 * results page, /user/search, with the same query.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const url = new URL(request.url);
  const { q } = requireValid(url.searchParams, MemberSearchQuerySchema);
  const accept = request.headers.get("Accept") ?? "";
  if (accept.includes("text/html") && !accept.includes("application/json")) {
    return redirect(`/user/search?${new URLSearchParams({ q })}`);
  }
  return json(await searchMembers(member.id, q), { headers: { "Cache-Control": "private, no-store" } });
}
