import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { sendTicketCall } from "./send-ticket.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: /user/event/ticket {event_id, contact_id} sends a General ticket to the contact;
 * answers type and message. The old client also used GET, but a GET changes nothing here. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return json({ type: "error", message: "Send a ticket with POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action(args: ActionFunctionArgs) {
  return sendTicketCall(args, "general");
}
