import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { sendTicketCall } from "./send-ticket.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: POST /user/event/send_ticket with event_id, contact_id and ticket_type
 * (free, general or vip); answers type and message. The modal is /user/contacts/{id}/ticket. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ type: "error", message: "Send a ticket with POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: ActionFunctionArgs) {
  return sendTicketCall(args, null);
}
