import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { acceptInvitation, declineInvitation, getInvitation } from "~/features/tickets/invitations.server";
import { formatEventTime, ticketTypeLabel } from "~/features/tickets/labels";
import { InvitationAnswerSchema } from "~/features/tickets/schema";
import { isTicketType } from "~/features/tickets/tickets.server";
import { requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { joinPlace } from "~/lib/format";

/** A ticket invitation, for the invited member only (404 for anyone else): accept (a free
 * ticket is issued, if seats are left) or decline. */
async function requireOwnInvitation(request: Request, param: string | undefined) {
  const member = await requireMember(request);
  const invitation = await requireFound(param, (id) => getInvitation(member.id, id));
  return { member, invitation };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { invitation } = await requireOwnInvitation(request, params.invitationId);
  return json({
    invitation: {
      eventTitle: invitation.event_title,
      startsAt: formatEventTime(invitation.starts_at, invitation.time_zone),
      place: joinPlace([invitation.venue, invitation.city]),
      type: isTicketType(invitation.ticket_type) ? invitation.ticket_type : "general",
      inviter: invitation.inviter_name,
      status: invitation.status,
      ticketCode: invitation.ticket_code,
    },
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, invitation } = await requireOwnInvitation(request, params.invitationId);
  const form = InvitationAnswerSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return json({ message: "Accept or decline the invitation." }, { status: 400 });
  const { intent } = form.data;
  const answer = intent === "accept" ? await acceptInvitation(member, invitation) : await declineInvitation(invitation);
  if (!answer.ok) return json({ message: answer.message }, { status: answer.status });
  return respond(request, { type: "success", message: answer.message }, { to: answer.code ? `/user/tickets/${answer.code}` : "/user/tickets" });
}

export default function Invitation() {
  const { invitation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  return (
    <section className="card" aria-labelledby="invitation-heading">
      <p>
        <Link to="/user/tickets">← My tickets</Link>
      </p>
      <h1 id="invitation-heading">Invitation: {invitation.eventTitle}</h1>
      <dl className="details">
        <dt>When</dt>
        <dd>{invitation.startsAt}</dd>
        {invitation.place ? (
          <>
            <dt>Where</dt>
            <dd>{invitation.place}</dd>
          </>
        ) : null}
        <dt>Ticket</dt>
        <dd>{ticketTypeLabel(invitation.type)} (free)</dd>
        <dt>From</dt>
        <dd>{invitation.inviter ?? "The organiser"}</dd>
        <dt>Answer</dt>
        <dd data-testid="invitation-status">
          {invitation.status === "invited" ? "Not answered yet" : invitation.status === "accepted" ? "Accepted" : "Declined"}
        </dd>
      </dl>
      {actionData ? (
        <p className="ticket-refusal" role="alert">
          {actionData.message}
        </p>
      ) : null}
      {invitation.status === "invited" ? (
        <Form method="post" className="form-actions">
          <CsrfInput />
          <StatusButton pending={pending} name="intent" value="accept" pendingLabel="Sending...">
            Accept
          </StatusButton>
          <button type="submit" name="intent" value="decline" className="button button--secondary" disabled={pending}>
            Decline
          </button>
        </Form>
      ) : invitation.ticketCode ? (
        <p>
          <Link to={`/user/tickets/${invitation.ticketCode}`}>See your ticket</Link>
        </p>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Invitation · Chapter" }];
