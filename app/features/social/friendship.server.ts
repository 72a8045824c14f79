import type { ExpressionBuilder } from "kysely";
import type { DB } from "~/lib/db-schema";
import { db } from "~/lib/db.server";

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

/** A subquery of the ids of a member's friends, for `where(column, "in", friendIds(eb, id))`. */
export function friendIds(eb: ExpressionBuilder<DB, any>, memberId: number) {
  return eb
    .selectFrom("friendships")
    .select((f) =>
      f
        .case()
        .when("requester_id", "=", memberId)
        .then(f.ref("addressee_id"))
        .else(f.ref("requester_id"))
        .end()
        .as("friend_id"),
    )
    .where("status", "=", "accepted")
    .where((f) => f.or([f("requester_id", "=", memberId), f("addressee_id", "=", memberId)]));
}
