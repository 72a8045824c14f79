import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFeed, memberOfFeed } from "~/features/calendar/feed.server";
import { notFound, orNotFound } from "~/lib/http.server";

/** A member's private calendar feed, addressed by its token alone (calendars that subscribe
 * have no session); a wrong or reset token is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const memberId = orNotFound(await memberOfFeed(params.token ?? ""));
  if (request.method !== "GET" && request.method !== "HEAD") notFound();
  const body = await calendarFeed(memberId, new URL(request.url).hostname);
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, max-age=300",
      "Content-Disposition": 'inline; filename="chapter.ics"',
    },
  });
}
