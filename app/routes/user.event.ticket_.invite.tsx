import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { inviteFiltersFrom, inviteFiltersParams, listInviteCandidates } from "~/features/tickets/invitations.server";
import { inviteFromForm } from "~/features/tickets/invite-call.server";
import { formatEventTime, ticketTypeLabel } from "~/features/tickets/labels";
import { organisedEvent, parseEventId, seatsLeft } from "~/features/tickets/tickets.server";
import { placeOptions } from "~/lib/places.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import styles from "~/styles/tickets.css";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, SelectField } from "~/ui/field";
import { Pager } from "~/ui/pager";
import { PlaceFields } from "~/ui/place-fields";
import { StatusButton, useIsPending } from "~/ui/status-button";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** SPEC.md §7: GET /user/event/ticket/invite?event_id=, the organiser's ticket invitations:
 * members filtered by the invite filters (a GET form), invited by a POST form. */
async function requireInvitingOrganiser(request: Request) {
  const member = await requireMember(request);
  const event = await organisedEvent(member.id, parseEventId(new URL(request.url).searchParams.get("event_id")));
  if (!event) throw new Response("Not found", { status: 404 });
  return { member, event };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { member, event } = await requireInvitingOrganiser(request);
  const params = new URL(request.url).searchParams;
  const filters = inviteFiltersFrom(params);
  const list = await listInviteCandidates(member.id, event.id, filters, Number(params.get("page") ?? "1"));
  return json({
    event: {
      id: event.id,
      title: event.title,
      startsAt: formatEventTime(event.starts_at),
      types: (["general", "vip"] as const)
        .filter((type) => (type === "vip" ? event.vip_capacity : event.general_capacity) !== null)
        .map((type) => ({ value: type, label: `${ticketTypeLabel(type)} (${seatsLeft(event, type)} left)` })),
    },
    filters,
    query: inviteFiltersParams(filters).toString(),
    places: placeOptions({ country: filters.country, province: filters.province }),
    ...list,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { member, event } = await requireInvitingOrganiser(request);
  const outcome = await inviteFromForm(request, member, event, await request.formData());
  if (!outcome.ok) return json({ errors: outcome.errors }, { status: 400 });
  return respond(request, { type: outcome.invited ? "success" : "info", message: outcome.message }, { to: new URL(request.url).pathname + new URL(request.url).search });
}

const TEXT_FILTERS = [
  { name: "occupation", label: "Occupation", key: "occupation" },
  { name: "position", label: "Position", key: "position" },
  { name: "industry", label: "Industry", key: "industry" },
  { name: "business", label: "Business", key: "business" },
  { name: "business_type", label: "Business type", key: "businessType" },
  { name: "meet_place", label: "Meet place", key: "meetPlace" },
] as const;

export default function InviteMembers() {
  const { event, filters, query, places, members, total, page, pages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const { search } = useLocation();
  const base = `?event_id=${event.id}${query ? `&${query}` : ""}`;
  return (
    <>
      <p>
        <Link to={`/user/events/${event.id}`}>← {event.title}</Link>
      </p>
      <h1>Invite members: {event.title}</h1>
      <p className="muted">{event.startsAt}. Invited members get a free ticket of the type you choose when they accept.</p>
      <Form method="get" className="card" role="search" aria-label="Filter members">
        <input type="hidden" name="event_id" value={event.id} />
        <div className="invite-filters">
          <SelectField
            label="Member type"
            options={MEMBER_TYPES.map((item) => ({ value: item.value, label: item.label }))}
            placeholder="Any"
            selectProps={{ name: "member_type", defaultValue: filters.memberType ?? "" }}
          />
          {TEXT_FILTERS.map((filter) => (
            <Field key={filter.name} label={filter.label} inputProps={{ name: filter.name, defaultValue: filters[filter.key] ?? "", maxLength: 100 }} />
          ))}
        </div>
        <PlaceFields
          defaults={{ country: filters.country ?? "", province: filters.province ?? "", city: filters.city ?? "" }}
          options={places}
        />
        <label className="choice">
          <input type="checkbox" name="non_invite" value="1" defaultChecked={filters.notInvited} /> Not yet invited
        </label>
        <div className="form-actions">
          <button type="submit" className="button button--secondary">
            Filter
          </button>
          <Link to={`?event_id=${event.id}`}>Clear filters</Link>
        </div>
      </Form>

      <section className="card" aria-labelledby="members-heading">
        <h2 id="members-heading">{total === 1 ? "1 member" : `${total} members`}</h2>
        {event.types.length === 0 ? (
          <p className="ticket-refusal">This event offers no tickets: set a capacity for General or VIP tickets first.</p>
        ) : total === 0 ? (
          <p className="muted">No members match these filters.</p>
        ) : (
          <Form method="post" action={`/user/event/ticket/invite${search}`}>
            <CsrfInput />
            <ul className="invite-members">
              {members.map((member) => (
                <li key={member.id} data-testid="invite-member">
                  <label>
                    <input type="checkbox" name="member_id" value={member.id} disabled={member.invitation_status !== null} />
                    <span>
                      <strong>{member.name}</strong>
                      {[member.occupation, member.business, member.city].filter(Boolean).length
                        ? ` · ${[member.occupation, member.business, member.city].filter(Boolean).join(" · ")}`
                        : ""}
                      {member.invitation_status ? (
                        <span className="badge">
                          {member.invitation_status === "invited" ? "Invited" : member.invitation_status === "accepted" ? "Accepted" : "Declined"}
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <ErrorList errors={actionData?.errors?.member_id} />
            <fieldset>
              <legend>Ticket type</legend>
              {event.types.map((type, index) => (
                <label key={type.value} className="choice">
                  <input type="radio" name="ticket_type" value={type.value} defaultChecked={index === 0} /> {type.label}
                </label>
              ))}
              <ErrorList errors={actionData?.errors?.ticket_type} />
            </fieldset>
            <div className="dialog-actions">
              <StatusButton pending={pending} pendingLabel="Sending...">
                Invite
              </StatusButton>
            </div>
          </Form>
        )}
        <Pager page={page} pages={pages} href={(target) => `${base}&page=${target}`} />
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Invite members · Chapter" }];
