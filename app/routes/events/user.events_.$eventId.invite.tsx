import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { MEMBER_TYPES } from "~/features/members/member-types";
import { inviteFiltersFrom, inviteFiltersParams, listInviteCandidates } from "~/features/tickets/invitations.server";
import { formatEventTime, ticketTypeLabel } from "~/features/tickets/labels";
import { seatsLeft } from "~/features/tickets/tickets.server";
import { placeOptions } from "~/lib/places.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field, SelectField } from "~/ui/field";
import { Pager } from "~/ui/pager";
import { PlaceFields } from "~/ui/place-fields";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { answerInviteForm, requireInvitingOrganiser } from "./invite.server";
import { requestedPage } from "~/lib/paging";

/** SPEC.md §2 "event ticket invite": the organiser's ticket invitations, a dialog over the event
 * page. Members are filtered by the invite filters (a GET form: the query is in the URL) and
 * invited by a POST form that comes back here with the same filters. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, event } = await requireInvitingOrganiser(request, params.eventId);
  const search = new URL(request.url).searchParams;
  const filters = inviteFiltersFrom(search);
  const list = await listInviteCandidates(member.id, event.id, filters, requestedPage(search));
  return json({
    event: {
      id: event.id,
      title: event.title,
      startsAt: formatEventTime(event.starts_at, event.time_zone),
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

export async function action({ request, params }: ActionFunctionArgs) {
  return answerInviteForm(request, params.eventId);
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
  const here = `/user/events/${event.id}/invite`;
  return (
    <RouteDialog title={`Invite members to ${event.title}`} size="large">
      <p className="muted">{event.startsAt}. Invited members get a free ticket of the type you choose when they accept.</p>
      <Form method="get" action={here} className="invite-section" role="search" aria-label="Filter members" preventScrollReset>
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
        <PlaceFields defaults={{ country: filters.country ?? "", province: filters.province ?? "", city: filters.city ?? "" }} options={places} />
        <label className="choice">
          <input type="checkbox" name="non_invite" value="1" defaultChecked={filters.notInvited} /> Not yet invited
        </label>
        <div className="form-actions">
          <button type="submit" className="button button--secondary">
            Filter
          </button>
          <Link to={here} preventScrollReset>
            Clear filters
          </Link>
        </div>
      </Form>

      <section className="invite-section" aria-labelledby="members-heading">
        <h3 id="members-heading">{total === 1 ? "1 member" : `${total} members`}</h3>
        {event.types.length === 0 ? (
          <p className="ticket-refusal">This event offers no tickets: set a capacity for General or VIP tickets first.</p>
        ) : total === 0 ? (
          <p className="muted">No members match these filters.</p>
        ) : (
          <Form method="post" preventScrollReset>
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
        <Pager page={page} pages={pages} href={(target) => `${here}?${query ? `${query}&` : ""}page=${target}`} />
      </section>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Invite members · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
