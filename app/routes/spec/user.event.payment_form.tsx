import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatPrice, joinPlace } from "~/lib/format";
import { formatEventTime, ticketTypeLabel } from "~/features/tickets/labels";
import { buyTicket } from "~/features/tickets/purchase.server";
import { PurchaseQuerySchema } from "~/features/tickets/schema";
import { eventIsOver, findEvent, seatsLeft, typePrice } from "~/features/tickets/tickets.server";
import { badRequest, firstError, requireFound } from "~/lib/http.server";
import { PAYMENTS_NOT_OPEN, paymentProvider, paymentsOpen } from "~/lib/payments/payments.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { respond } from "~/lib/respond.server";
import { requireMember, safeRedirect } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** SPEC.md §7: GET /user/event/payment_form {event_id, ticket_type}, the ticket purchase
 * dialog (its own route, opened from the event page with ?back=). */
async function purchaseTarget(request: Request) {
  const member = await requireMember(request);
  const query = parseWithZod(new URL(request.url).searchParams, { schema: PurchaseQuerySchema });
  const event = await requireFound(query.payload.event_id, findEvent);
  if (query.status !== "success") badRequest(firstError(query));
  const { ticket_type: type, back } = query.value;
  return { member, event, type, back: safeRedirect(back, `/user/events/${event.id}`) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { event, type, back } = await purchaseTarget(request);
  const price = typePrice(event, type);
  return json({
    event: { id: event.id, title: event.title, startsAt: formatEventTime(event.starts_at, event.time_zone), venue: event.venue, city: event.city },
    type,
    offered: price !== null,
    price: price === null ? null : formatPrice(price, event.currency),
    free: price === 0,
    over: eventIsOver(event),
    seatsLeft: seatsLeft(event, type),
    notOpen: price && !(await paymentsOpen()) ? PAYMENTS_NOT_OPEN : null,
    provider: paymentProvider().name,
    back,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { member, event, type } = await purchaseTarget(request);
  const outcome = await buyTicket(member, event, type, await publicOrigin(request));
  if (!outcome.ok) {
    const existing = outcome.existing
      ? outcome.existing.status === "pending" && outcome.existing.paymentReference
        ? `/user/payments/${outcome.existing.paymentReference}`
        : `/user/tickets/${outcome.existing.code}`
      : null;
    return json({ message: outcome.message, existing }, { status: outcome.status });
  }
  if (outcome.kind === "payment") return redirect(outcome.redirectTo);
  return respond(
    request,
    { type: "success", message: `Your ${ticketTypeLabel(type)} ticket for ${event.title} is issued.` },
    { to: `/user/tickets/${outcome.code}` },
  );
}

export default function TicketPurchase() {
  const { event, type, offered, price, free, over, seatsLeft, notOpen, provider, back } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <RouteDialog title="Get a ticket" closeTo={back} size="small">
      <dl className="details">
        <dt>Event</dt>
        <dd>{event.title}</dd>
        <dt>When</dt>
        <dd>{event.startsAt}</dd>
        {event.venue || event.city ? (
          <>
            <dt>Where</dt>
            <dd>{joinPlace([event.venue, event.city])}</dd>
          </>
        ) : null}
        <dt>Ticket</dt>
        <dd>{ticketTypeLabel(type)}</dd>
        <dt>Price</dt>
        <dd data-testid="ticket-price">{price ?? "—"}</dd>
      </dl>
      {actionData ? (
        <p className="ticket-refusal" role="alert">
          {actionData.message}{" "}
          {actionData.existing ? (
            <Link to={actionData.existing}>{actionData.existing.startsWith("/user/payments") ? "See the payment" : "See your ticket"}</Link>
          ) : null}
        </p>
      ) : null}
      {over ? (
        <p className="ticket-refusal">This event is over: its tickets can no longer be had.</p>
      ) : !offered ? (
        <p className="ticket-refusal">This event does not offer {ticketTypeLabel(type)} tickets.</p>
      ) : seatsLeft === 0 ? (
        <p className="ticket-refusal">Sold out: there are no {ticketTypeLabel(type)} tickets left.</p>
      ) : notOpen ? (
        <p className="ticket-refusal" data-testid="payments-closed">
          {notOpen}
        </p>
      ) : (
        <Form method="post">
          <CsrfInput />
          <p className="muted">
            {free
              ? "This ticket is free: it is yours as soon as you confirm."
              : provider === "stripe"
                ? "You will pay by card on Stripe's secure page. Your seat is held meanwhile; the ticket is issued when the payment is confirmed."
                : "You will get our bank details and a reference for your transfer. Your seat is held meanwhile; the ticket is issued when the money arrives."}
          </p>
          <div className="dialog-actions">
            <Link to={back} className="button button--secondary">
              Cancel
            </Link>
            <StatusButton pending={pending} pendingLabel="Sending...">
              {free ? "Get my free ticket" : `Pay ${price}`}
            </StatusButton>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Get a ticket · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
