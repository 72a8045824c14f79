import type { ExpressionBuilder } from "kysely";
import type { DB, NotificationOutcome } from "~/lib/db-schema";
import { compiledOnce, firstRowOf } from "~/lib/compiled-query.server";
import { db } from "~/lib/db.server";
import { fileUrl } from "~/lib/files.server";
import { announce } from "~/lib/live-bus.server";
import { notify } from "~/features/notifications/notifications.server";

/** Whether two members are friends (an accepted request in either direction). */
export async function areFriends(memberId: number, otherId: number) {
  if (memberId === otherId) return false;
  const row = await db
    .selectFrom("friendships")
    .select("id")
    .where("status", "=", "accepted")
    .where((eb) =>
      eb.or([
        eb.and([eb("requester_id", "=", memberId), eb("addressee_id", "=", otherId)]),
        eb.and([eb("requester_id", "=", otherId), eb("addressee_id", "=", memberId)]),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}

/** A subquery of the ids of a member's friends, for `where(column, "in", friendIds(eb, id))`.
 * Each side of the friendship is read from its own index alone (one `or` over both sides read
 * every friendship's row, ~10 µs more for 150 friends, on every page with posts). */
export function friendIds(eb: ExpressionBuilder<DB, any>, memberId: number) {
  return eb
    .selectFrom("friendships")
    .select("addressee_id as friend_id")
    .where("requester_id", "=", memberId)
    .where("status", "=", "accepted")
    .unionAll(eb.selectFrom("friendships").select("requester_id as friend_id").where("addressee_id", "=", memberId).where("status", "=", "accepted"));
}

const incomingRequestsOf = compiledOnce((memberId: number) =>
  db
    .selectFrom("friendships")
    .innerJoin("users", "users.id", "friendships.requester_id")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("friendships.addressee_id", "=", memberId)
    .where("friendships.status", "=", "pending")
    .where("users.disabled_at", "is", null),
);

/** How many friend requests wait for the member's answer (from members not disabled). */
export async function countIncomingRequests(memberId: number) {
  return Number((await firstRowOf(incomingRequestsOf(memberId)))?.count ?? 0);
}

/** Where two members stand: "sent" when I asked them, "received" when they asked me. */
export type Relationship = "none" | "sent" | "received" | "friends";

/** The relationship of `memberId` with each of `otherIds` (missing ids: "none"). */
export async function relationships(memberId: number, otherIds: number[]) {
  const result = new Map<number, Relationship>();
  if (otherIds.length === 0) return result;
  const rows = await db
    .selectFrom("friendships")
    .select(["requester_id", "addressee_id", "status"])
    .where((eb) =>
      eb.or([
        eb.and([eb("requester_id", "=", memberId), eb("addressee_id", "in", otherIds)]),
        eb.and([eb("addressee_id", "=", memberId), eb("requester_id", "in", otherIds)]),
      ]),
    )
    .execute();
  for (const row of rows) {
    const other = row.requester_id === memberId ? row.addressee_id : row.requester_id;
    if (row.status === "accepted") result.set(other, "friends");
    else if (result.get(other) !== "friends") result.set(other, row.requester_id === memberId ? "sent" : "received");
  }
  return result;
}

export async function relationship(memberId: number, otherId: number): Promise<Relationship> {
  return (await relationships(memberId, [otherId])).get(otherId) ?? "none";
}

export type FriendCandidate = { id: number; name: string; email: string };

/** The member another member can befriend, chat with or answer: an active member other
 * than themselves; null for anyone else. */
export async function otherMember(memberId: number, otherId: number): Promise<FriendCandidate | null> {
  if (otherId === memberId) return null;
  const other = await db.selectFrom("users").select(["id", "name", "email"]).where("id", "=", otherId).where("disabled_at", "is", null).executeTakeFirst();
  return other ?? null;
}

/** The member's friend (an active member), or null. */
export async function friendOf(memberId: number, otherId: number) {
  const other = await otherMember(memberId, otherId);
  return other && (await areFriends(memberId, other.id)) ? other : null;
}

/** Of `requesterIds`, the active members whose friend request to me waits for my answer,
 * with their names: the requests a notification can still offer Accept and Decline for. */
export async function openRequestsFrom(memberId: number, requesterIds: number[]) {
  if (requesterIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom("friendships")
    .innerJoin("users", "users.id", "friendships.requester_id")
    .select(["users.id", "users.name"])
    .where("friendships.addressee_id", "=", memberId)
    .where("friendships.requester_id", "in", [...new Set(requesterIds)])
    .where("friendships.status", "=", "pending")
    .where("users.disabled_at", "is", null)
    .execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

type Actor = { id: number; name: string };
type Mail = { origin: string };

function pendingFrom(requesterId: number, addresseeId: number) {
  return db.selectFrom("friendships").select(["id", "status"]).where("requester_id", "=", requesterId).where("addressee_id", "=", addresseeId);
}

/** The friends page at its list of requests received (`id="friend-requests"` there). */
const FRIEND_REQUESTS_PATH = "/user/friends#friend-requests";

/**
 * Sends a friend request. Asking someone who already asked you accepts their request;
 * asking again, or asking a friend, changes nothing.
 */
export async function sendFriendRequest(from: Actor, to: FriendCandidate, mail: Mail): Promise<"sent" | "accepted" | "unchanged"> {
  const current = await relationship(from.id, to.id);
  if (current === "friends" || current === "sent") return "unchanged";
  if (current === "received") {
    await acceptFriendRequest(from, to, mail);
    return "accepted";
  }
  const inserted = await db
    .insertInto("friendships")
    .values({ requester_id: from.id, addressee_id: to.id, status: "pending", created_at: new Date().toISOString(), accepted_at: null })
    .onConflict((oc) => oc.columns(["requester_id", "addressee_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return "unchanged";
  // Both asked at the same moment: keep theirs and accept it.
  const theirs = await pendingFrom(to.id, from.id).executeTakeFirst();
  if (theirs) {
    await db.deleteFrom("friendships").where("id", "=", inserted.id).execute();
    await acceptFriendRequest(from, to, mail);
    return "accepted";
  }
  // Both lead to the friends page's list of requests, each with Accept and Decline: one tap answers.
  await notify({
    memberId: to.id,
    kind: "friend_request",
    message: `${from.name} sent you a friend request.`,
    linkPath: FRIEND_REQUESTS_PATH,
    actorId: from.id,
    email: {
      subject: `${from.name} wants to be your friend on Chapter`,
      text: `${from.name} sent you a friend request on Chapter.\n\nAccept or decline it here: ${mail.origin}${FRIEND_REQUESTS_PATH}\n\nYou can turn these e-mails off in your settings: ${mail.origin}/user/settings/notifications\n`,
    },
  });
  return "sent";
}

/** Withdraws my request to them: its notification goes if they have not seen it yet, and one
 * they saw says so. Nothing to withdraw is fine. */
export async function cancelFriendRequest(memberId: number, otherId: number) {
  if (!(await removePendingRequest(memberId, otherId))) return;
  await db
    .deleteFrom("notifications")
    .where("member_id", "=", otherId)
    .where("actor_id", "=", memberId)
    .where("kind", "=", "friend_request")
    .where("read_at", "is", null)
    .execute();
  await answerRequestNotifications(otherId, memberId, "withdrawn");
  await announce([otherId], "notification");
}

async function removePendingRequest(requesterId: number, addresseeId: number) {
  const result = await db
    .deleteFrom("friendships")
    .where("requester_id", "=", requesterId)
    .where("addressee_id", "=", addresseeId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Marks the open friend request notifications `from` sent `to` with how the request ended,
 * so that the notification shows it instead of Accept and Decline; an answered request is no
 * longer news. */
async function answerRequestNotifications(to: number, from: number, outcome: NotificationOutcome) {
  await db
    .updateTable("notifications")
    .set((eb) => ({ outcome, read_at: eb.fn.coalesce("read_at", eb.val(new Date().toISOString())) }))
    .where("member_id", "=", to)
    .where("actor_id", "=", from)
    .where("kind", "=", "friend_request")
    .where("outcome", "is", null)
    .execute();
  // Answered, it is read: the badge of an open page follows.
  await announce([to], "notification");
}

/** Accepts their request to me. Already friends: nothing changes. No request: null. */
export async function acceptFriendRequest(me: Actor, them: FriendCandidate, mail: Mail): Promise<"accepted" | "unchanged" | null> {
  const result = await db
    .updateTable("friendships")
    .set({ status: "accepted", accepted_at: new Date().toISOString() })
    .where("requester_id", "=", them.id)
    .where("addressee_id", "=", me.id)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return (await areFriends(me.id, them.id)) ? "unchanged" : null;
  await answerRequestNotifications(me.id, them.id, "accepted");
  // A request of mine to them, if any, is answered by this too.
  if (await removePendingRequest(me.id, them.id)) await answerRequestNotifications(them.id, me.id, "accepted");
  await notify({
    memberId: them.id,
    kind: "friend_accepted",
    message: `${me.name} accepted your friend request.`,
    linkPath: "/user/friends",
    actorId: me.id,
    email: {
      subject: `${me.name} accepted your friend request`,
      text: `${me.name} accepted your friend request on Chapter. You can now chat: ${mail.origin}/user/chat/${me.id}\n\nYou can turn these e-mails off in your settings: ${mail.origin}/user/settings/notifications\n`,
    },
  });
  return "accepted";
}

/** Declines their request to me; its notification says so. A request I declined already:
 * nothing changes. No request of theirs to me: null. */
export async function declineFriendRequest(memberId: number, otherId: number): Promise<"declined" | "unchanged" | null> {
  if (await removePendingRequest(otherId, memberId)) {
    await answerRequestNotifications(memberId, otherId, "declined");
    return "declined";
  }
  const declined = await db
    .selectFrom("notifications")
    .select("id")
    .where("member_id", "=", memberId)
    .where("actor_id", "=", otherId)
    .where("kind", "=", "friend_request")
    .where("outcome", "=", "declined")
    .executeTakeFirst();
  return declined ? "unchanged" : null;
}

/** Ends a friendship, whoever asked first; not friends is fine. */
export async function unfriend(memberId: number, otherId: number) {
  await db
    .deleteFrom("friendships")
    .where("status", "=", "accepted")
    .where((eb) =>
      eb.or([
        eb.and([eb("requester_id", "=", memberId), eb("addressee_id", "=", otherId)]),
        eb.and([eb("requester_id", "=", otherId), eb("addressee_id", "=", memberId)]),
      ]),
    )
    .execute();
  // An open conversation between the two ends (its live stream checks the friendship).
  await announce([memberId, otherId], "friendship");
}

export type FriendListEntry = { id: number; name: string; lookingFor: string | null; avatarUrl: string | null; since: string };

function membersWithAvatar() {
  return db
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.profile_image_id")
    .select(["users.id", "users.name", "users.looking_for", "files.token as avatar_token"])
    .where("users.disabled_at", "is", null);
}

/** The friends page: my friends, requests to me and my requests, each by name. */
export async function friendsPage(memberId: number) {
  const rows = await db
    .selectFrom("friendships")
    .select(["requester_id", "addressee_id", "status", "created_at", "accepted_at"])
    .where((eb) => eb.or([eb("requester_id", "=", memberId), eb("addressee_id", "=", memberId)]))
    .execute();
  const otherOf = (row: (typeof rows)[number]) => (row.requester_id === memberId ? row.addressee_id : row.requester_id);
  const ids = [...new Set(rows.map(otherOf))];
  const people = ids.length ? await membersWithAvatar().where("users.id", "in", ids).execute() : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const entry = (row: (typeof rows)[number]): FriendListEntry | null => {
    const person = byId.get(otherOf(row));
    if (!person) return null;
    return {
      id: person.id,
      name: person.name,
      lookingFor: person.looking_for,
      avatarUrl: person.avatar_token ? fileUrl(person.avatar_token, "thumbnail") : null,
      since: row.accepted_at ?? row.created_at,
    };
  };
  const pick = (keep: (row: (typeof rows)[number]) => boolean) =>
    rows
      .filter(keep)
      .map(entry)
      .filter((value): value is FriendListEntry => value !== null);
  const byName = (a: FriendListEntry, b: FriendListEntry) => a.name.localeCompare(b.name);
  const newest = (a: FriendListEntry, b: FriendListEntry) => b.since.localeCompare(a.since);
  return {
    friends: pick((row) => row.status === "accepted").sort(byName),
    received: pick((row) => row.status === "pending" && row.addressee_id === memberId).sort(newest),
    sent: pick((row) => row.status === "pending" && row.requester_id === memberId).sort(newest),
  };
}
