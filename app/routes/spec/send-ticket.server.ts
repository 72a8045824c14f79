import type { ActionFunctionArgs } from "@remix-run/node";
import type { SendTicketChoice } from "~/features/tickets/constants";
import { requireMember } from "~/lib/session.server";
import { action as sendTicket } from "~/routes/contacts/user.contacts.$contactId.ticket";
import { forwardedRequest, refusalAsNotification, sentFrom } from "./forward.server";

/**
 * SPEC.md §7's calls (POST /user/event/send_ticket, /user/event/ticket, /user/event/ticket-vip
 * with event_id and contact_id): the ticket modal's action (/user/contacts/{id}/ticket), with
 * the contact from the form and, for ticket and ticket-vip, the type the address names;
 * answered with type and message, back on the page it was sent from. Another member's contact
 * or event is not found (404).
 */
export async function sendTicketCall(args: ActionFunctionArgs, fixedChoice: SendTicketChoice | null) {
  await requireMember(args.request);
  const form = await args.request.formData();
  if (fixedChoice) form.set("ticket_type", fixedChoice);
  const contactId = form.get("contact_id");
  const answer = await sendTicket({
    ...args,
    request: forwardedRequest(args.request, form, { back: sentFrom(args.request) }),
    params: { contactId: typeof contactId === "string" ? contactId : undefined },
  });
  return refusalAsNotification(answer);
}
