import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatMoney } from "~/lib/format";
import { ticketTypeLabel } from "~/features/tickets/labels";
import { cancelTicketByOrganiser, holderLabel, organisedTicket } from "~/features/tickets/tickets.server";
import { orNotFound, parseId, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { ConfirmDialog } from "~/ui/confirm-dialog";

/** The organiser cancels one of their event's tickets (404 for anyone else). */
async function requireOrganisedTicket(request: Request, params: { eventId?: string; ticketId?: string }) {
  const member = await requireMember(request);
  const eventId = orNotFound(parseId(params.eventId));
  const ticket = await requireFound(params.ticketId, (id) => organisedTicket(member.id, eventId, id));
  return { member, ticket };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { ticket } = await requireOrganisedTicket(request, params);
  return json({
    code: ticket.code,
    type: ticket.ticket_type,
    holder: holderLabel(ticket),
    status: ticket.status,
    paid: ticket.status === "issued" && ticket.payment_id !== null ? formatMoney(ticket.amount_cents, ticket.currency) : null,
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, ticket } = await requireOrganisedTicket(request, params);
  const to = `/user/events/${ticket.event_id}/tickets`;
  const outcome = await cancelTicketByOrganiser(member, ticket);
  return respond(request, { type: outcome.ok ? "success" : "info", message: outcome.message }, { to });
}

export default function CancelTicket() {
  const { code, type, holder, status, paid } = useLoaderData<typeof loader>();
  return (
    <ConfirmDialog message="Are you sure you want to cancel this ticket?" confirmLabel="Yes, cancel it">
      <p>
        {ticketTypeLabel(type)} ticket <code>{code}</code> of <strong>{holder}</strong>
        {status === "cancelled" ? " (already cancelled)" : ""}. Its seat becomes free again.
      </p>
      {paid ? <p className="muted">It was paid ({paid}): refund the holder yourself.</p> : null}
    </ConfirmDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Cancel a ticket · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
