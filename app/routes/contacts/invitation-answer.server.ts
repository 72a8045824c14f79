import type { Delivery } from "~/features/invitations/invite.server";
import { respond } from "~/lib/respond.server";

/** The answer of a sent (or refused) invitation: PRG with a notification, or JSON with the
 * contact's new invitation state and SPEC.md §7's html. */
export function answerDelivery(request: Request, delivery: Delivery, to?: string) {
  if (!delivery.ok) return respond(request, { type: "error", message: delivery.message }, { to, status: delivery.status });
  return respond(request, { type: "success", message: delivery.message }, { to, data: { invitation: delivery.invitation, html: delivery.html } });
}
