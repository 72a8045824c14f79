import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { emailNotificationsOn, setEmailNotifications } from "~/features/notifications/notifications.server";
import { NotificationSettingsSchema } from "~/features/notifications/schema";
import { badRequest } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";
import { CsrfInput } from "~/ui/csrf-input";
import { StatusButton, useIsPending } from "~/ui/status-button";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return json({ email: member.email, emailNotifications: await emailNotificationsOn(member.id) });
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = NotificationSettingsSchema.safeParse({ email_notifications: (await request.formData()).getAll("email_notifications") });
  if (!form.success) badRequest("email_notifications must be 1 or 0");
  const value = form.data.email_notifications.includes("1") ? "1" : "0";
  await setEmailNotifications(member.id, value === "1");
  return respond(
    request,
    { type: "success", message: value === "1" ? "Notifications are e-mailed to you again." : "Notifications are no longer e-mailed to you." },
    { to: "/user/settings/notifications" },
  );
}

export default function NotificationSettings() {
  const { email, emailNotifications } = useLoaderData<typeof loader>();
  const pending = useIsPending();
  return (
    <Form method="post" className="card">
      <CsrfInput />
      <h2>Notifications</h2>
      <p>Friend requests and answers always show under Notifications in the header.</p>
      <div className="field field--checkbox">
        {/* An unticked box sends nothing, so the hidden 0 says "off"; a ticked box's 1 wins. */}
        <input type="hidden" name="email_notifications" value="0" />
        <label>
          <input type="checkbox" name="email_notifications" value="1" defaultChecked={emailNotifications} /> Also e-mail them to me at {email}
        </label>
      </div>
      <div className="form-actions">
        <StatusButton pending={pending}>Save</StatusButton>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = () => [{ title: "Notification settings · Chapter" }];
