import { json } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import type { SendTicketChoice } from "~/features/tickets/constants";
import { SendTicketSchema } from "~/features/tickets/schema";
import { NO_EMAIL, sendTicketToContact } from "~/features/tickets/send.server";
import { organisedEvent } from "~/features/tickets/tickets.server";
import { requireFound } from "~/lib/http.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

/**
 * SPEC.md §7's calls (POST /user/event/send_ticket, /user/event/ticket, /user/event/ticket-vip
 * with event_id and contact_id): the same as the ticket modal, answered with type and
 * message. Another member's contact or event is not found (404).
 */
export async function sendTicketCall(request: Request, fixedChoice: SendTicketChoice | null) {
  const member = await requireMember(request);
  const form = await request.formData();
  const contact = await requireFound(form.get("contact_id"), (id) => getContact(member.id, id));
  const event = await requireFound(form.get("event_id"), (id) => organisedEvent(member.id, id));
  const choice = fixedChoice ?? SendTicketSchema.shape.ticket_type.safeParse(form.get("ticket_type")).data;
  if (!choice) return json({ type: "error", message: "Choose free, general or VIP." }, { status: 400 });
  const sent = await sendTicketToContact(member, contact, event, choice, await publicOrigin(request));
  if (!sent.ok) return json({ type: "error", message: sent.message }, { status: sent.message === NO_EMAIL ? 400 : 409 });
  return respond(request, { type: "success", message: sent.message }, { data: { code: sent.code } });
}
