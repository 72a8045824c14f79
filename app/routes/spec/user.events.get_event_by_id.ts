import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getEvent } from "~/features/events/events.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

const units = (cents: number | null) => (cents === null ? null : cents / 100);

/** SPEC.md §7 GET /user/events/get_event_by_id?event_id=…: a list whose first item has the
 * ticket amounts (null: free, or that type not offered; see general/vip_offered). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const event = await requireFound(new URL(request.url).searchParams.get("event_id"), (id) => getEvent(id, member.id));
  return json([
    {
      event_id: event.id,
      title: event.title,
      starts_at: event.starts_at,
      ends_at: event.ends_at,
      time_zone: event.time_zone,
      country: event.country,
      province: event.province,
      city: event.city,
      currency: event.currency,
      general_offered: event.general !== null,
      vip_offered: event.vip !== null,
      general_ticket_amount: event.general ? units(event.general.amountCents) : null,
      vip_ticket_amount: event.vip ? units(event.vip.amountCents) : null,
      general_remaining: event.general?.remaining ?? 0,
      vip_remaining: event.vip?.remaining ?? 0,
    },
  ]);
}
