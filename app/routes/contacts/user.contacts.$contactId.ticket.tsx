import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/parse-form.server";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getContact } from "~/features/contacts/contacts.server";
import { constraintOf } from "~/lib/constraint.server";
import { formatPrice } from "~/lib/format";
import { NO_EMAIL } from "~/features/tickets/constants";
import { formatEventTime } from "~/features/tickets/labels";
import { SendTicketSchema } from "~/features/tickets/schema";
import { sendTicketToContact } from "~/features/tickets/send.server";
import { eventsOrganisedBy, organisedEvent } from "~/features/tickets/tickets.server";
import { publicOrigin } from "~/lib/public-origin.server";
import { backTo, formFailure, orNotFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, SelectField } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { StatusButton, useIsPending } from "~/ui/status-button";
import { useFieldState } from "~/ui/use-field-state";
import { useHydrated } from "~/ui/use-hydrated";

/** SPEC.md §2's ticket modal on a contact: /user/contacts/{id}/ticket (?back= the opener).
 * The member sends a ticket of one of their own events to the contact by e-mail. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const search = new URL(request.url).searchParams;
  const events = await eventsOrganisedBy(member.id);
  const price = (cents: number | null, capacity: number | null, currency: string) => (capacity === null ? null : formatPrice(cents, currency));
  return json({
    contact: { id: contact.id, name: contact.name, email: contact.email },
    events: events.map((event) => ({
      id: event.id,
      label: `${event.title} · ${formatEventTime(event.starts_at, event.time_zone)}`,
      general: price(event.general_amount_cents, event.general_capacity, event.currency),
      vip: price(event.vip_amount_cents, event.vip_capacity, event.currency),
    })),
    chosenEvent: search.get("event_id") ?? "",
    back: backTo(request, `/user/profile?cicid=${contact.id}`),
    constraint: constraintOf(SendTicketSchema),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireFound(params.contactId, (id) => getContact(member.id, id));
  const submission = parseWithZod(await request.formData(), { schema: SendTicketSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  // Only the member's own events: anyone else's is not found.
  const event = orNotFound(await organisedEvent(member.id, submission.value.event_id));
  const sent = await sendTicketToContact(member, contact, event, submission.value.ticket_type, await publicOrigin(request));
  if (!sent.ok) {
    const reply = sent.field ? submission.reply({ fieldErrors: { [sent.field]: [sent.message] } }) : submission.reply({ formErrors: [sent.message] });
    return formFailure(reply, {}, sent.message === NO_EMAIL ? 400 : 409);
  }
  const back = backTo(request, `/user/profile?cicid=${contact.id}`);
  return respond(request, { type: "success", message: sent.message }, { to: back, data: { code: sent.code } });
}

export default function SendTicket() {
  const { contact, events, chosenEvent, back, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // Without JS the type radios stay enabled (the event may change); the server says no.
  const hydrated = useHydrated();
  const [form, fields] = useForm({ id: "send-ticket", lastResult: actionData?.result, constraint });
  const [eventId, setEventId] = useFieldState(form.id, fields.event_id.name, String(fields.event_id.initialValue ?? (chosenEvent || events[0]?.id || "")));
  const selected = events.find((event) => String(event.id) === eventId) ?? null;
  const typeChoice = String(fields.ticket_type.initialValue ?? "free");

  return (
    <RouteDialog title={`Send a ticket to ${contact.name}`} closeTo={back} size="small">
      {!contact.email ? (
        <p className="field-errors" role="alert">
          {NO_EMAIL} <Link to={`/user/contacts/edit/${contact.id}`}>Edit {contact.name}</Link>
        </p>
      ) : events.length === 0 ? (
        <p>
          You have no upcoming events. <Link to="/user/event/create">Create an event</Link> first.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <CsrfInput />
          <p className="muted">The ticket goes to {contact.email} with its code and QR code.</p>
          <SelectField
            label="Event"
            options={events.map((event) => ({ value: String(event.id), label: event.label }))}
            errors={fields.event_id.errors}
            selectProps={{ name: fields.event_id.name, value: eventId, onChange: (event) => setEventId(event.target.value), required: true }}
          />
          <fieldset aria-describedby={fields.ticket_type.errors ? `${fields.ticket_type.id}-error` : undefined}>
            <legend>Ticket type</legend>
            <label className="choice">
              <input
                type="radio"
                name={fields.ticket_type.name}
                value="free"
                defaultChecked={typeChoice === "free"}
                disabled={hydrated && selected?.general === null}
              />{" "}
              Free (a General ticket at no charge)
            </label>
            <label className="choice">
              <input
                type="radio"
                name={fields.ticket_type.name}
                value="general"
                defaultChecked={typeChoice === "general"}
                disabled={hydrated && selected?.general === null}
              />{" "}
              General{selected?.general ? `: ${selected.general}` : selected ? " (not offered)" : ""}
            </label>
            <label className="choice">
              <input
                type="radio"
                name={fields.ticket_type.name}
                value="vip"
                defaultChecked={typeChoice === "vip"}
                disabled={hydrated && selected?.vip === null}
              />{" "}
              VIP
              {selected?.vip ? `: ${selected.vip}` : selected ? " (not offered)" : ""}
            </label>
            <ErrorList id={`${fields.ticket_type.id}-error`} errors={fields.ticket_type.errors} />
          </fieldset>
          <ErrorList errors={form.errors} />
          <div className="dialog-actions">
            <Link to={back} className="button button--secondary" preventScrollReset>
              Cancel
            </Link>
            {/* SPEC.md §4: the ticket form button reads "Sending..." while it sends. */}
            <StatusButton pending={pending} pendingLabel="Sending...">
              Send ticket
            </StatusButton>
          </div>
        </Form>
      )}
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Send a ticket · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
