import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listNotifications, markNotificationsRead } from "~/features/notifications/notifications.server";
import { requireMember } from "~/lib/session.server";
import { EmptyState } from "~/ui/empty-state";
import { pageKind } from "~/ui/page-kind";
import { ViewerTime } from "~/ui/viewer-time";

/** The member's notifications, newest first; seeing them marks them read (the list still
 * shows which were new on this visit). */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const notifications = await listNotifications(member.id);
  if (notifications.some((notification) => !notification.readAt)) await markNotificationsRead(member.id);
  return json({ notifications });
}

export default function Notifications() {
  const { notifications } = useLoaderData<typeof loader>();
  return (
    <section>
      <div className="page-header">
        <h1>Notifications</h1>
        <Link to="/user/settings/notifications">E-mail settings</Link>
      </div>
      {notifications.length === 0 ? (
        <EmptyState>Nothing yet. Friend requests and answers will show here.</EmptyState>
      ) : (
        <ul className="notification-list">
          {notifications.map((notification) => (
            <li key={notification.id} className={notification.readAt ? "notification" : "notification notification--new"} data-testid="notification">
              {notification.readAt ? null : <span className="badge">New</span>}{" "}
              {notification.linkPath ? <Link to={notification.linkPath}>{notification.message}</Link> : notification.message}{" "}
              <ViewerTime className="muted" value={notification.createdAt} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction = () => [{ title: "Notifications · Chapter" }];
