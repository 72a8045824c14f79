import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { eventsOrganisedBy } from "~/features/tickets/tickets.server";

/** SPEC.md §7: GET /user/events/get_events/{contact_id}, the member's own upcoming events for
 * the contact's ticket modal. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  await requireFound(params.contactId, (id) => getContact(member.id, id));
  const events = await eventsOrganisedBy(member.id);
  // The same shape as get_event_by_id: an amount is null when the type is free (SPEC.md: a
  // null amount hides the paid option) or not offered (see *_offered).
  const units = (cents: number | null) => (cents ? cents / 100 : null);
  return json(
    events.map((event) => ({
      event_id: event.id,
      title: event.title,
      starts_at: event.starts_at,
      general_offered: event.general_capacity !== null,
      vip_offered: event.vip_capacity !== null,
      general_ticket_amount: event.general_capacity === null ? null : units(event.general_amount_cents),
      vip_ticket_amount: event.vip_capacity === null ? null : units(event.vip_amount_cents),
    })),
  );
}
