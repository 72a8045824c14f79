import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { DIGEST_DAYS } from "~/lib/digest-days";
import { setWeeklyDigest, weeklyDigestOn } from "~/features/digest/subscription.server";
import { emailNotificationsOn, setEmailNotifications } from "~/features/notifications/notifications.server";
import { NotificationSettingsSchema } from "~/features/notifications/schema";
import { clubSettings } from "~/lib/club.server";
import { badRequest } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [emailNotifications, weeklyDigest, club] = await Promise.all([emailNotificationsOn(member.id), weeklyDigestOn(member.id), clubSettings()]);
  const day = DIGEST_DAYS.find((item) => item.value === club.digestDay)!;
  return json({ email: member.email, emailNotifications, weeklyDigest, digestDay: day.weekday === null ? null : day.label });
}

/** "1" when the box was ticked, "0" when it was not, null when the form did not have it. */
const ticked = (values: string[]) => (values.length ? values.includes("1") : null);

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const formData = await request.formData();
  const form = NotificationSettingsSchema.safeParse({
    email_notifications: formData.getAll("email_notifications"),
    weekly_digest: formData.getAll("weekly_digest"),
  });
  if (!form.success) badRequest("email_notifications and weekly_digest must be 1 or 0");
  const notifications = ticked(form.data.email_notifications);
  const digest = ticked(form.data.weekly_digest);
  const [notificationsWere, digestWas] = await Promise.all([emailNotificationsOn(member.id), weeklyDigestOn(member.id)]);
  const said: string[] = [];
  if (notifications !== null && notifications !== notificationsWere) {
    await setEmailNotifications(member.id, notifications);
    said.push(notifications ? "Notifications are e-mailed to you again." : "Notifications are no longer e-mailed to you.");
  }
  if (digest !== null && digest !== digestWas) {
    await setWeeklyDigest(member.id, digest);
    said.push(digest ? "The weekly digest is e-mailed to you again." : "The weekly digest is no longer e-mailed to you.");
  }
  return respond(request, { type: "success", message: said.join(" ") || "Your notification settings are saved." }, { to: "/user/settings/notifications" });
}

export default function NotificationSettings() {
  const { email, emailNotifications, weeklyDigest, digestDay } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  return (
    <Form method="post" className="card">
      <CsrfInput />
      <h2>Notifications</h2>
      <p>
        What concerns you (friend requests and their answers, reactions to your posts, tickets and invitations) always shows under Notifications in the header.
      </p>
      <div className="field field--checkbox">
        {/* An unticked box sends nothing, so the hidden 0 says "off"; a ticked box's 1 wins. */}
        <input type="hidden" name="email_notifications" value="0" />
        <label>
          <input type="checkbox" name="email_notifications" value="1" defaultChecked={emailNotifications} /> Also e-mail them to me at {email}
        </label>
      </div>
      <div className="field field--checkbox">
        <input type="hidden" name="weekly_digest" value="0" />
        <label>
          <input type="checkbox" name="weekly_digest" value="1" defaultChecked={weeklyDigest} /> E-mail me a weekly digest of what happened in the club
        </label>
        <p className="field-hint">
          {digestDay
            ? `New members, coming events, your friends' posts and the referrals waiting for you, every ${digestDay}. Weeks with nothing new send nothing.`
            : "The club does not send the digest at the moment; this choice is kept for when it does."}
        </p>
      </div>
      <div className="form-actions">
        <StatusButton pending={pending}>Save</StatusButton>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Notification settings · Chapter" }];
