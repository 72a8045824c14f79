import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listNotifications, markNotificationsRead } from "~/features/notifications/notifications.server";
import { FriendButton } from "~/features/social/FriendButton";
import { openRequestsFrom } from "~/features/social/friendship.server";
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
  const open = await openRequestsFrom(
    member.id,
    notifications.filter((item) => item.kind === "friend_request" && !item.outcome && item.actorId).map((item) => item.actorId!),
  );
  return json({
    notifications: notifications.map(({ actorId, outcome, ...notification }) => ({
      ...notification,
      outcome: notification.kind === "friend_request" ? outcome : null,
      // Accept and Decline, while the request waits for an answer.
      request: notification.kind === "friend_request" && !outcome && actorId && open.has(actorId) ? { memberId: actorId, name: open.get(actorId)! } : null,
    })),
  });
}

const OUTCOMES = {
  accepted: "Accepted: you are now friends.",
  declined: "You declined this request.",
  withdrawn: "This request was withdrawn.",
} as const;

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
              {notification.request ? (
                <div className="notification-actions">
                  <FriendButton memberId={notification.request.memberId} name={notification.request.name} state="received" />
                </div>
              ) : notification.outcome ? (
                <p className="notification-outcome">{OUTCOMES[notification.outcome]}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const handle = pageKind("reading");

export const meta: MetaFunction = () => [{ title: "Notifications · Chapter" }];
