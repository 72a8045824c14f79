import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { CodeScanner } from "~/features/tickets/CodeScanner";
import { formatEventTime, ticketTypeLabel } from "~/features/tickets/labels";
import { CheckInSchema } from "~/features/tickets/schema";
import { checkIn, checkInCounts, organisedEvent } from "~/features/tickets/tickets.server";
import { listVisitors } from "~/features/referrals/visitors.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { ViewerTime } from "~/ui/viewer-time";

/** The organiser's door: /user/events/{id}/check-in (404 for anyone else). */
async function requireOrganisedEvent(request: Request, param: string | undefined) {
  const member = await requireMember(request);
  return { member, event: await requireFound(param, (id) => organisedEvent(member.id, id)) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, event } = await requireOrganisedEvent(request, params.eventId);
  return json({
    event: { id: event.id, title: event.title, startsAt: formatEventTime(event.starts_at, event.time_zone) },
    counts: await checkInCounts(event.id),
    visitors: await listVisitors(event.id, member, true),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { event } = await requireOrganisedEvent(request, params.eventId);
  const form = CheckInSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return json({ error: "Enter a ticket code." as const, result: null }, { status: 400 });
  const result = await checkIn(event.id, form.data.code);
  return json({ error: null, result, counts: await checkInCounts(event.id) });
}

function CheckInOutcome({ result }: { result: NonNullable<NonNullable<ReturnType<typeof useActionData<typeof action>>>["result"]> }) {
  switch (result.outcome) {
    case "valid":
      return (
        <div className="check-in-result check-in-result--valid" role="status" data-testid="check-in-result">
          <strong>Valid</strong> {ticketTypeLabel(result.type)} ticket {result.code} of {result.holder}: checked in.
        </div>
      );
    case "used":
      return (
        <div className="check-in-result check-in-result--used" role="status" data-testid="check-in-result">
          <strong>Already used</strong> {ticketTypeLabel(result.type)} ticket {result.code} of {result.holder} was checked in at{" "}
          <ViewerTime value={result.checkedInAt} />.
        </div>
      );
    case "other_event":
      return (
        <div className="check-in-result check-in-result--invalid" role="status" data-testid="check-in-result">
          <strong>Not for this event</strong> Ticket {result.code} is for another event.
        </div>
      );
    case "not_issued":
      return (
        <div className="check-in-result check-in-result--invalid" role="status" data-testid="check-in-result">
          <strong>Not valid</strong> Ticket {result.code} is {result.status === "pending" ? "not paid yet" : "cancelled"}.
        </div>
      );
    default:
      return (
        <div className="check-in-result check-in-result--invalid" role="status" data-testid="check-in-result">
          <strong>Unknown code</strong> No ticket has the code {result.code || "given"}.
        </div>
      );
  }
}

export default function CheckIn() {
  const { event, counts: loaded, visitors } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const counts = (actionData && "counts" in actionData ? actionData.counts : null) ?? loaded;
  const pending = useIsPending();
  const input = useRef<HTMLInputElement>(null);
  // Ready for the next ticket: the field is emptied and focused after each check.
  useEffect(() => {
    if (actionData?.result && input.current) {
      input.current.value = "";
      input.current.focus();
    }
  }, [actionData]);
  return (
    <section className="card check-in" aria-labelledby="check-in-heading">
      <p>
        <Link to={`/user/events/${event.id}`}>← {event.title}</Link>
      </p>
      <h1 id="check-in-heading">Check-in: {event.title}</h1>
      <p className="muted">
        {event.startsAt} ·{" "}
        <span data-testid="check-in-counts">
          {counts.checkedIn} of {counts.issued} tickets checked in
        </span>
      </p>
      <p>
        <Link to={`/user/events/${event.id}/tickets`}>All tickets of this event</Link>
      </p>
      <Form method="post" className="search-form">
        <CsrfInput />
        <label htmlFor="ticket-code">Ticket code</label>
        <div className="search-row">
          <input
            ref={input}
            id="ticket-code"
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX-XXXX"
            required
            // The page is for typing codes at the door, one after another.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            aria-invalid={actionData?.error ? true : undefined}
          />
          <StatusButton pending={pending} pendingLabel="Checking...">
            Check in
          </StatusButton>
        </div>
        {actionData?.error ? <p className="field-errors">{actionData.error}</p> : null}
        <CodeScanner input={input} />
      </Form>
      {actionData?.result ? <CheckInOutcome result={actionData.result} /> : null}
      <section aria-labelledby="check-in-visitors-heading" data-testid="check-in-visitors">
        <h2 id="check-in-visitors-heading">Visitors</h2>
        {visitors.length === 0 ? (
          <p className="muted">No member has recorded a visitor for this event yet.</p>
        ) : (
          <ul className="visitor-list">
            {visitors.map((visitor) => (
              <li key={visitor.id}>
                <div>
                  <strong>{visitor.name}</strong>
                  {visitor.business ? ` · ${visitor.business}` : ""}
                  <br />
                  <span className="muted">Brought by {visitor.mine ? "you" : visitor.brought_by}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p>
          <Link to={`/user/events/${event.id}/visitors`}>Record a visitor</Link>
        </p>
      </section>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Check-in · Chapter" }];
