import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { alertMinutesOf, setAlertMinutes } from "~/features/calendar/alerts.server";
import { ALERT_LEAD_CHOICES } from "~/features/calendar/constants";
import { hasFeed, resetFeedToken } from "~/features/calendar/feed.server";
import { badRequest } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { SelectField } from "~/ui/field";
import { publicOrigin } from "~/lib/public-origin.server";
import { requireMember } from "~/lib/session.server";
import { CopyButton } from "~/ui/copy-button";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ hasFeed: await hasFeed(member.id), alertMinutes: await alertMinutesOf(member.id) });
}

/** Creates the member's feed address, or replaces it (the old one stops working at once). The
 * address is shown in the answer only: Chapter keeps no copy of it to show again. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  if (form.get("intent") === "alert-minutes") {
    const minutes = String(form.get("alert_minutes") ?? "");
    if (!ALERT_LEAD_CHOICES.some((choice) => choice.value === minutes)) badRequest("Choose when to be alerted from the list.");
    await setAlertMinutes(member.id, Number(minutes));
    return respond(request, { type: "success", message: "Your calendar alerts are saved." }, { to: "/user/settings/calendar" });
  }
  // Only the feed's own button replaces the address: the old one stops working at once.
  if (form.get("intent") !== "feed") badRequest("Choose what to change: the alerts or the calendar address.");
  const token = await resetFeedToken(member.id);
  return json({ address: `${await publicOrigin(request)}/calendar-feed/${token}/calendar.ics` });
}

export default function CalendarFeedSettings() {
  const { hasFeed, alertMinutes } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const created = answer && "address" in answer ? answer : null;
  const savingAlerts = useIsPending({ intent: "alert-minutes" });
  const resetting = useIsPending({ intent: "feed" });
  return (
    <>
      <section className="card" aria-labelledby="calendar-alerts-heading">
        <h2 id="calendar-alerts-heading">Alerts</h2>
        <p>Tasks and appointments with an alert are announced under Notifications, and by e-mail when you receive notifications by e-mail.</p>
        <Form method="post">
          <CsrfInput />
          <SelectField label="Alert me" options={ALERT_LEAD_CHOICES} selectProps={{ name: "alert_minutes", defaultValue: String(alertMinutes) }} />
          <div className="form-actions">
            <StatusButton pending={savingAlerts} name="intent" value="alert-minutes">
              Save
            </StatusButton>
          </div>
        </Form>
      </section>
      <section className="card" aria-labelledby="calendar-feed-heading">
        <h2 id="calendar-feed-heading">Calendar feed</h2>
        <p>
          Subscribe to your Chapter calendar from your phone or desktop calendar: your tasks and appointments, repeating as they do here, with an alarm for
          those with an alert.
        </p>
        {created ? (
          <div className="field">
            <label htmlFor="calendar-feed-address">Your calendar address</label>
            <input id="calendar-feed-address" type="text" readOnly value={created.address} data-testid="calendar-feed-address" />
            <CopyButton text={created.address} />
            <p className="field-hint">
              Copy it now: Chapter keeps only a fingerprint of it, so it is shown this once. Anyone with the address can read your calendar.
            </p>
          </div>
        ) : (
          <p>
            {hasFeed
              ? "You have a calendar address. If you lost it, or someone else has it, reset it: the old one stops working."
              : "You have no calendar address yet."}
          </p>
        )}
        <Form method="post">
          <CsrfInput />
          <StatusButton pending={resetting} name="intent" value="feed" className={hasFeed || created ? "button--secondary" : undefined}>
            {hasFeed || created ? "Reset the address" : "Create my calendar address"}
          </StatusButton>
        </Form>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: "Calendar · Settings · Chapter" }];
