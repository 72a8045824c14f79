import type { LoaderFunctionArgs } from "@remix-run/node";
import { getEvent } from "~/features/events/events.server";
import { eventCalendar } from "~/features/events/ics.server";
import { requireFound } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { requireMember } from "~/lib/session.server";

/** "Add to calendar": the event as an iCalendar file. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(params.eventId, (id) => getEvent(id, member.id));
  const origin = await publicOrigin(request);
  const body = eventCalendar(event, { host: new URL(origin).host, url: `${origin}/user/events/${event.id}` });
  const filename = `${
    event.title
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 60) || "event"
  }.ics`;
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="event-${event.id}.ics"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "private, no-store",
    },
  });
}
