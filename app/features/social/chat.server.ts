import { db } from "~/lib/db.server";
import { fileUrl } from "~/lib/files.server";
import { announce } from "~/lib/live-bus.server";
import { friendIds, friendOf } from "./friendship.server";

export const MESSAGES_PER_PAGE = 50;

export type ChatMessage = { id: number; senderId: number; body: string; createdAt: string; readAt: string | null };

/** The friend whose conversation this is; anyone but a friend is null (the page, the live
 * stream and sending alike answer 404). */
export async function chatPartner(memberId: number, otherId: number) {
  const other = await friendOf(memberId, otherId);
  if (!other) return null;
  const avatar = await db
    .selectFrom("users")
    .innerJoin("files", "files.id", "users.profile_image_id")
    .select("files.token")
    .where("users.id", "=", other.id)
    .executeTakeFirst();
  return { id: other.id, name: other.name, avatarUrl: avatar ? fileUrl(avatar.token, "thumbnail") : null };
}

function between(memberId: number, otherId: number) {
  return db
    .selectFrom("chat_messages")
    .select(["id", "sender_id as senderId", "body", "created_at as createdAt", "read_at as readAt"])
    .where((eb) =>
      eb.or([
        eb.and([eb("sender_id", "=", memberId), eb("recipient_id", "=", otherId)]),
        eb.and([eb("sender_id", "=", otherId), eb("recipient_id", "=", memberId)]),
      ]),
    );
}

/** A page of the conversation, oldest first: the newest messages, or those before `before`. */
export async function conversationPage(memberId: number, otherId: number, before: number | null) {
  let query = between(memberId, otherId);
  if (before) query = query.where("id", "<", before);
  const rows = await query
    .orderBy("id", "desc")
    .limit(MESSAGES_PER_PAGE + 1)
    .execute();
  const hasOlder = rows.length > MESSAGES_PER_PAGE;
  return { messages: rows.slice(0, MESSAGES_PER_PAGE).reverse() as ChatMessage[], hasOlder };
}

/** Messages after `afterId`, oldest first (what the live stream sends). Two index range scans
 * (one per direction) rather than one OR, so it stays cheap when polled every second. */
export async function messagesAfter(memberId: number, otherId: number, afterId: number, limit = 100): Promise<ChatMessage[]> {
  const direction = (senderId: number, recipientId: number) =>
    db
      .selectFrom("chat_messages")
      .select(["id", "sender_id as senderId", "body", "created_at as createdAt", "read_at as readAt"])
      .where("sender_id", "=", senderId)
      .where("recipient_id", "=", recipientId)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute();
  const [mine, theirs] = await Promise.all([direction(memberId, otherId), direction(otherId, memberId)]);
  return [...mine, ...theirs].sort((a, b) => a.id - b.id).slice(0, limit);
}

export async function sendMessage(senderId: number, recipientId: number, body: string): Promise<ChatMessage> {
  const createdAt = new Date().toISOString();
  const row = await db
    .insertInto("chat_messages")
    .values({ sender_id: senderId, recipient_id: recipientId, body, created_at: createdAt, read_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Both members' open pages: the recipient's badge and conversation, the sender's other tabs.
  await announce([recipientId, senderId], "message");
  return { id: row.id, senderId, body, createdAt, readAt: null };
}

/** Marks what the other member sent me (up to `upToId`) as read; the member's open pages hear
 * of it (their unread badge). Returns how many were marked. */
export async function markConversationRead(memberId: number, otherId: number, upToId?: number) {
  let query = db
    .updateTable("chat_messages")
    .set({ read_at: new Date().toISOString() })
    .where("recipient_id", "=", memberId)
    .where("sender_id", "=", otherId)
    .where("read_at", "is", null);
  if (upToId !== undefined) query = query.where("id", "<=", upToId);
  const marked = Number((await query.executeTakeFirst()).numUpdatedRows);
  if (marked > 0) await announce([memberId], "message");
  return marked;
}

export type Conversation = {
  member: { id: number; name: string; avatarUrl: string | null };
  lastMessage: ChatMessage | null;
  unread: number;
};

/** My conversations with friends, the most recent first, then friends I have not written to. */
export async function listConversations(memberId: number): Promise<Conversation[]> {
  const friends = await db
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.profile_image_id")
    .select(["users.id", "users.name", "files.token as avatar_token"])
    .where("users.id", "in", (eb) => friendIds(eb, memberId))
    .where("users.disabled_at", "is", null)
    .execute();
  if (friends.length === 0) return [];
  const ids = friends.map((friend) => friend.id);
  const [sentLast, receivedLast, unread] = await Promise.all([
    db
      .selectFrom("chat_messages")
      .select(["recipient_id as other", (eb) => eb.fn.max("id").as("last")])
      .where("sender_id", "=", memberId)
      .where("recipient_id", "in", ids)
      .groupBy("recipient_id")
      .execute(),
    db
      .selectFrom("chat_messages")
      .select(["sender_id as other", (eb) => eb.fn.max("id").as("last")])
      .where("recipient_id", "=", memberId)
      .where("sender_id", "in", ids)
      .groupBy("sender_id")
      .execute(),
    db
      .selectFrom("chat_messages")
      .select(["sender_id as other", (eb) => eb.fn.countAll<number>().as("count")])
      .where("recipient_id", "=", memberId)
      .where("read_at", "is", null)
      .where("sender_id", "in", ids)
      .groupBy("sender_id")
      .execute(),
  ]);
  const lastIdOf = new Map<number, number>();
  for (const row of [...sentLast, ...receivedLast]) {
    lastIdOf.set(row.other, Math.max(lastIdOf.get(row.other) ?? 0, Number(row.last)));
  }
  const lastIds = [...lastIdOf.values()];
  const lastMessages = lastIds.length
    ? await db
        .selectFrom("chat_messages")
        .select(["id", "sender_id as senderId", "body", "created_at as createdAt", "read_at as readAt"])
        .where("id", "in", lastIds)
        .execute()
    : [];
  const messageById = new Map(lastMessages.map((message) => [message.id, message]));
  const unreadOf = new Map(unread.map((row) => [row.other, Number(row.count)]));
  return friends
    .map((friend) => {
      const lastId = lastIdOf.get(friend.id);
      return {
        member: { id: friend.id, name: friend.name, avatarUrl: friend.avatar_token ? fileUrl(friend.avatar_token, "thumbnail") : null },
        lastMessage: lastId ? (messageById.get(lastId) ?? null) : null,
        unread: unreadOf.get(friend.id) ?? 0,
      };
    })
    .sort((a, b) => (b.lastMessage?.id ?? 0) - (a.lastMessage?.id ?? 0) || a.member.name.localeCompare(b.member.name));
}
