import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { findEvent, parseEventId, seatsLeft } from "~/features/tickets/tickets.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: GET /user/events/get_event_by_id?event_id=, a list whose first item has the
 * ticket amounts (null: that type is not offered; 0: free) and what is left of each type. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  const event = await findEvent(parseEventId(new URL(request.url).searchParams.get("event_id")) ?? 0);
  if (!event) throw new Response("Not found", { status: 404 });
  const amount = (cents: number | null, capacity: number | null) => (capacity === null ? null : (cents ?? 0) / 100);
  return json([
    {
      event_id: event.id,
      title: event.title,
      currency: event.currency,
      general_ticket_amount: amount(event.general_amount_cents, event.general_capacity),
      vip_ticket_amount: amount(event.vip_amount_cents, event.vip_capacity),
      general_tickets_left: seatsLeft(event, "general"),
      vip_tickets_left: seatsLeft(event, "vip"),
    },
  ]);
}
