import type { Kysely } from "kysely";
import type { DB } from "~/lib/db-schema";
import { compiledOnce, firstRowOf } from "~/lib/compiled-query.server";
import { db } from "~/lib/db.server";
import { parseId } from "~/lib/ids";
import { announce } from "~/lib/live-bus.server";
import { sendMail } from "~/lib/mail.server";

export type NewNotification = {
  memberId: number;
  /** What it is about, e.g. "friend_request", "ticket_invitation". */
  kind: string;
  message: string;
  /** Where the member acts on it: a path inside the app ("/user/…"). */
  linkPath?: string | null;
  actorId?: number | null;
  /** Also e-mailed, unless the member turned e-mail notifications off. */
  email?: { subject: string; text: string };
};

/** Tells a member about something in the app, and by e-mail when they want it. */
export async function notify(notification: NewNotification) {
  const id = await addNotification(db, notification);
  await mailNotification(notification);
  return id;
}

/**
 * The notification's row alone, written by `executor`: inside a transaction, the member is told
 * only if the change it tells of commits. Its e-mail goes with `mailNotification` once the
 * transaction has committed (a mail cannot be rolled back).
 */
export async function addNotification(executor: Kysely<DB>, notification: NewNotification) {
  const row = await executor
    .insertInto("notifications")
    .values({
      member_id: notification.memberId,
      kind: notification.kind,
      message: notification.message,
      link_url: notification.linkPath ?? null,
      actor_id: notification.actorId ?? null,
      created_at: new Date().toISOString(),
      read_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Open pages of the member hear of it (on PostgreSQL at the transaction's commit, if any).
  await announce([notification.memberId], notification.kind === "friend_request" ? "friend_request" : "notification", executor);
  return row.id;
}

/** The notification's e-mail, when it has one and the member wants them. */
export async function mailNotification(notification: NewNotification) {
  if (!notification.email) return;
  const member = await db
    .selectFrom("users")
    .select(["email", "email_notifications", "disabled_at"])
    .where("id", "=", notification.memberId)
    .executeTakeFirst();
  if (member && member.email_notifications === 1 && !member.disabled_at) {
    await sendMail({ to: member.email, ...notification.email });
  }
}

export async function listNotifications(memberId: number, { limit = 50 } = {}) {
  return db
    .selectFrom("notifications")
    .select(["id", "kind", "message", "link_url as linkPath", "actor_id as actorId", "outcome", "created_at as createdAt", "read_at as readAt"])
    .where("member_id", "=", memberId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The id of the member's newest notification (0: none): where a page's live stream starts telling of new ones. */
export async function lastNotificationId(memberId: number) {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.max("id").as("last"))
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(row?.last ?? 0);
}

export type FriendRequestNotice = { id: number; message: string; linkPath: string | null };

/** Friend requests the member was told of after notification `afterId`, still unread and
 * unanswered, oldest first (a few: each is a notice on the open page). */
export async function friendRequestNoticesAfter(memberId: number, afterId: number, limit = 5): Promise<FriendRequestNotice[]> {
  return db
    .selectFrom("notifications")
    .select(["id", "message", "link_url as linkPath"])
    .where("member_id", "=", memberId)
    .where("kind", "=", "friend_request")
    .where("id", ">", afterId)
    .where("read_at", "is", null)
    .where("outcome", "is", null)
    .orderBy("id")
    .limit(limit)
    .execute();
}

export async function countUnreadNotifications(memberId: number) {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("member_id", "=", memberId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function markNotificationsRead(memberId: number) {
  await db.updateTable("notifications").set({ read_at: new Date().toISOString() }).where("member_id", "=", memberId).where("read_at", "is", null).execute();
  // The member's other open pages lower their badge.
  await announce([memberId], "notification");
}

// Every signed-in page shows the counts: one shape, the conversation open (if any) as a value
// (0 is no member's id).
const unreadOf = compiledOnce((memberId: number, chatWith: number) =>
  db.selectNoFrom((eb) => [
    eb
      .selectFrom("notifications")
      .select((n) => n.fn.countAll<number>().as("count"))
      .where("member_id", "=", memberId)
      .where("read_at", "is", null)
      .as("notifications"),
    eb
      .selectFrom("chat_messages")
      .select((m) => m.fn.countAll<number>().as("count"))
      .where("recipient_id", "=", memberId)
      .where("read_at", "is", null)
      .where("sender_id", "!=", chatWith)
      .as("chat"),
    eb
      .selectFrom("notifications")
      .select((n) => n.fn.max("id").as("last"))
      .where("member_id", "=", memberId)
      .as("last_notification"),
  ]),
);

/** The header's badges in one cheap query (both counts read an index on (member, read_at)).
 * The page being opened reads some of them while this runs beside its loader: the
 * notifications page reads all notifications, a conversation reads its messages; those are
 * not counted, so the badge is right on that page already. */
export async function unreadCounts(memberId: number, viewing?: URL) {
  return (await headerCounts(memberId, viewing)).unread;
}

/** `unreadCounts`, and the id of the member's newest notification (0: none), from which the
 * page's live stream tells of friend requests arriving (ui/live.tsx): those that come between
 * the page's rendering and its stream's connecting are told too. */
export async function headerCounts(memberId: number, viewing?: URL) {
  const notificationsPage = viewing?.pathname === "/user/notifications";
  // The conversation's member id, when the address can hold one (PostgreSQL refused a larger one with an error).
  const chatWith = viewing && !viewing.searchParams.has("before") ? parseId(/^\/user\/chat\/(\d+)$/.exec(viewing.pathname)?.[1]) : null;
  const row = await firstRowOf(unreadOf(memberId, chatWith ?? 0));
  return {
    unread: { notifications: notificationsPage ? 0 : Number(row?.notifications ?? 0), chat: Number(row?.chat ?? 0) },
    lastNotification: Number(row?.last_notification ?? 0),
  };
}

export async function emailNotificationsOn(memberId: number) {
  const row = await db.selectFrom("users").select("email_notifications").where("id", "=", memberId).executeTakeFirst();
  return row?.email_notifications === 1;
}

export async function setEmailNotifications(memberId: number, on: boolean) {
  await db
    .updateTable("users")
    .set({ email_notifications: on ? 1 : 0 })
    .where("id", "=", memberId)
    .execute();
}
