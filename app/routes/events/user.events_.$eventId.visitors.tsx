import { getFormProps, getInputProps } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { VisitorSchema } from "~/features/referrals/schema";
import { addVisitor, contactForVisitor, listVisitors, ownVisitor, removeVisitor, visitorsEvent } from "~/features/referrals/visitors.server";
import { constraintOf } from "~/lib/constraint.server";
import { badRequest, formFailure, requireFound } from "~/lib/http.server";
import { parseWithZod } from "~/lib/parse-form.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { ErrorList, Field } from "~/ui/field";
import { RouteDialog } from "~/ui/route-dialog";
import { useServerForm } from "~/ui/server-form";
import { StatusButton, useIsPending } from "~/ui/status-button";

/** /user/events/{id}/visitors: the visitors a member brought to the event (the organiser and
 * admins: everyone's). For the organiser, admins and members going or holding a ticket; 404
 * for anyone else. */
async function requireVisitorsEvent(request: Request, param: string | undefined) {
  const member = await requireMember(request);
  const event = await requireFound(param, (id) => visitorsEvent(member, id));
  return { member, event };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { member, event } = await requireVisitorsEvent(request, params.eventId);
  return json({ event, visitors: await listVisitors(event.id, member, event.seesAll), constraint: constraintOf(VisitorSchema) });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { member, event } = await requireVisitorsEvent(request, params.eventId);
  const here = `/user/events/${event.id}/visitors`;
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "remove" || intent === "invite") {
    // Only the member who brought a visitor removes or invites them; any other id is not found.
    const visitor = await requireFound(formData.get("visitorId"), (id) => ownVisitor(member.id, id));
    if (visitor.event_id !== event.id) throw new Response("Not found", { status: 404 });
    if (intent === "remove") {
      await removeVisitor(member.id, visitor.id);
      return respond(request, { type: "success", message: `${visitor.name} is no longer listed as your visitor.` }, { to: here });
    }
    const contactId = await contactForVisitor(member.id, visitor);
    return redirect(`/user/contacts/${contactId}/invite?back=${encodeURIComponent(here)}`);
  }
  if (intent !== "add") badRequest("Unknown action.");
  const submission = parseWithZod(formData, { schema: VisitorSchema });
  if (submission.status !== "success") return formFailure(submission.reply());
  const added = await addVisitor(event.id, member.id, submission.value);
  if (!added.ok) return formFailure(submission.reply({ formErrors: [added.message] }));
  return respond(request, { type: "success", message: `${submission.value.name} is recorded as your visitor at ${event.title}.` }, { to: here });
}

export default function Visitors() {
  const { event, visitors, constraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending({ intent: "add" });
  const [form, fields] = useServerForm("visitor", {
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    constraint,
    defaults: { name: "", email: "", business: "" },
  });
  return (
    <RouteDialog title={`Visitors at ${event.title}`}>
      <p className="muted">
        {event.seesAll
          ? "Everyone's visitors, with the member who brought them. Members who brought a visitor can invite them to join Chapter."
          : "The visitors you brought. They count in the chapter report, and you can invite them to join Chapter."}
      </p>
      {visitors.length === 0 ? (
        <p className="muted" data-testid="no-visitors">
          No visitors recorded yet.
        </p>
      ) : (
        <ul className="visitor-list" data-testid="visitors">
          {visitors.map((visitor) => (
            <li key={visitor.id} data-testid="visitor">
              <div>
                <strong>{visitor.name}</strong>
                {visitor.business ? ` · ${visitor.business}` : ""}
                <br />
                <span className="muted">
                  {visitor.email ?? "No e-mail"} · brought by {visitor.mine ? "you" : visitor.brought_by}
                </span>
              </div>
              {visitor.mine ? (
                <Form method="post" className="visitor-actions" preventScrollReset>
                  <CsrfInput />
                  <input type="hidden" name="visitorId" value={visitor.id} />
                  <StatusButton name="intent" value="invite" pending={false} className="button--small button--secondary">
                    Invite to join<span className="visually-hidden">: {visitor.name}</span>
                  </StatusButton>
                  <StatusButton name="intent" value="remove" pending={false} className="button--small button--secondary" aria-label={`Remove ${visitor.name}`}>
                    Remove
                  </StatusButton>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <h3>Record a visitor you brought</h3>
      <Form method="post" {...getFormProps(form)}>
        <CsrfInput />
        <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "off" }} />
        <div className="grid-2">
          <Field
            label="E-mail (optional)"
            errors={fields.email.errors}
            inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
          />
          <Field label="Business (optional)" errors={fields.business.errors} inputProps={getInputProps(fields.business, { type: "text" })} />
        </div>
        <ErrorList errors={form.errors} />
        <div className="dialog-actions">
          <StatusButton name="intent" value="add" pending={pending}>
            Record visitor
          </StatusButton>
        </div>
      </Form>
    </RouteDialog>
  );
}

export const meta: MetaFunction = () => [{ title: "Visitors · Chapter" }];

export { DialogErrorBoundary as ErrorBoundary } from "~/ui/error-boundary";
