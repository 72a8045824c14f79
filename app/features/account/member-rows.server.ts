import type { Kysely } from "kysely";
import type { DB } from "~/lib/db-schema";
import { db } from "~/lib/db.server";

// The plain rows a member owns in one table, for the data export: every table that carries its
// owner's id can be read the same way. (Typed loosely on purpose: the table and column are
// names from the export's own list, never from a request.)

export async function ownRows(table: keyof DB, column: string, memberId: number, orderBy = "id") {
  return (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
    .selectFrom(table)
    .selectAll()
    .where(column, "=", memberId)
    .orderBy(orderBy)
    .execute();
}

/** Rows of `table` whose `column` is one of `ids` (a child table of rows the member owns). */
export async function rowsIn(table: keyof DB, column: string, ids: number[]) {
  if (ids.length === 0) return [];
  return (db as unknown as Kysely<Record<string, Record<string, unknown>>>).selectFrom(table).selectAll().where(column, "in", ids).execute();
}

/** The member's account as they see it (no password hash, no search helpers). */
export async function accountOf(memberId: number) {
  const {
    password_hash: _hash,
    search_name: _search,
    ...account
  } = await db.selectFrom("users").selectAll().where("id", "=", memberId).executeTakeFirstOrThrow();
  return account;
}

export async function filesOf(memberId: number) {
  return db
    .selectFrom("files")
    .select(["id", "kind", "original_name", "media_type", "size", "storage_key", "created_at"])
    .where("owner_id", "=", memberId)
    .orderBy("id")
    .execute();
}

export async function postsOf(memberId: number) {
  const posts = await db.selectFrom("posts").selectAll().where("author_id", "=", memberId).orderBy("id").execute();
  const files = await rowsIn(
    "post_files",
    "post_id",
    posts.map((post) => post.id),
  );
  return posts.map((post) => ({
    ...post,
    file_ids: files
      .filter((file) => file.post_id === post.id)
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map((file) => Number(file.file_id)),
  }));
}

export async function friendsOf(memberId: number) {
  return db
    .selectFrom("friendships")
    .innerJoin("users", (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb("friendships.requester_id", "=", memberId), eb("users.id", "=", eb.ref("friendships.addressee_id"))]),
          eb.and([eb("friendships.addressee_id", "=", memberId), eb("users.id", "=", eb.ref("friendships.requester_id"))]),
        ]),
      ),
    )
    .select(["friendships.status", "friendships.created_at", "friendships.accepted_at", "users.name as friend_name", "friendships.requester_id"])
    .orderBy("friendships.id")
    .execute()
    .then((rows) => rows.map(({ requester_id, ...row }) => ({ ...row, requested_by_me: requester_id === memberId })));
}

export async function chatOf(memberId: number) {
  return db
    .selectFrom("chat_messages")
    .innerJoin("users as sender", "sender.id", "chat_messages.sender_id")
    .innerJoin("users as recipient", "recipient.id", "chat_messages.recipient_id")
    .select(["chat_messages.id", "sender.name as from", "recipient.name as to", "chat_messages.body", "chat_messages.created_at", "chat_messages.read_at"])
    .where((eb) => eb.or([eb("chat_messages.sender_id", "=", memberId), eb("chat_messages.recipient_id", "=", memberId)]))
    .orderBy("chat_messages.id")
    .execute();
}

export async function eventsOrganisedBy(memberId: number) {
  return db.selectFrom("events").selectAll().where("owner_id", "=", memberId).orderBy("id").execute();
}

/** Tickets the member holds, with their event's times for the calendar file. */
export async function ticketsHeldBy(memberId: number) {
  return db
    .selectFrom("tickets")
    .innerJoin("events", "events.id", "tickets.event_id")
    .select([
      "tickets.id",
      "tickets.code",
      "tickets.ticket_type",
      "tickets.status",
      "tickets.amount_cents",
      "tickets.created_at",
      "tickets.issued_at",
      "tickets.checked_in_at",
      "events.id as event_id",
      "events.title",
      "events.description",
      "events.starts_at",
      "events.ends_at",
      "events.time_zone",
      "events.starts_at_utc",
      "events.venue",
      "events.city",
      "events.province",
      "events.country",
      "events.currency",
    ])
    .where("tickets.holder_id", "=", memberId)
    .orderBy("tickets.id")
    .execute();
}
