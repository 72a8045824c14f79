import crypto from "node:crypto";
import { db, nowIso } from "~/lib/db.server";
import { removeStored } from "~/lib/files.server";

export const FORMER_MEMBER = "A former member";

export type DeleteOutcome = { ok: true } | { ok: false; message: string };

/**
 * Deletes a member's account, in one transaction. What the club and other members keep is
 * moved to a placeholder account named "A former member" (disabled, never listed): payments
 * and memberships (the club's accounts), comments on other members' posts, tickets to other
 * members' events (their seats stay taken). Then the account's row is deleted, and the
 * database's ON DELETE CASCADE removes everything else it owns, in every area, present and
 * future: contacts, events, posts, offers, planning, friendships, chats, sessions on every
 * instance … The uploaded files' content is removed once the transaction has committed.
 *
 * Refused for the last active admin, and while the member's events have paid tickets (as
 * deleting one such event is: those members need a refund first).
 */
export async function deleteAccount(memberId: number): Promise<DeleteOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    // A write first, so that the account's row is locked for the rest (two deletions of two
    // admins at once cannot both see the other as the remaining admin).
    await trx.updateTable("users").set({ updated_at: nowIso() }).where("id", "=", memberId).execute();
    const member = await trx.selectFrom("users").select(["role", "member_type"]).where("id", "=", memberId).executeTakeFirst();
    if (!member) return { ok: false as const, message: "Not found" };
    if (member.role === "admin") {
      const other = await trx
        .selectFrom("users")
        .select("id")
        .where("role", "=", "admin")
        .where("disabled_at", "is", null)
        .where("id", "!=", memberId)
        .executeTakeFirst();
      if (!other) {
        return {
          ok: false as const,
          message: "You are the only administrator. Make another member an administrator first, then delete your account.",
        };
      }
    }
    const paid = await trx
      .selectFrom("tickets")
      .innerJoin("events", "events.id", "tickets.event_id")
      .select("events.title")
      .where("events.owner_id", "=", memberId)
      .where("tickets.amount_cents", ">", 0)
      .where("tickets.status", "in", ["issued", "pending"])
      .where((eb) => eb.or([eb("tickets.holder_id", "is", null), eb("tickets.holder_id", "!=", memberId)]))
      .executeTakeFirst();
    if (paid) {
      return {
        ok: false as const,
        message: `Your event "${paid.title}" has paid tickets. Cancel and refund them first, then delete your account.`,
      };
    }

    const files = await trx.selectFrom("files").select(["storage_key", "thumbnail_key", "media_type"]).where("owner_id", "=", memberId).execute();
    const now = nowIso();
    const { id: formerId } = await trx
      .insertInto("users")
      .values({
        email: `former-member-${crypto.randomBytes(12).toString("hex")}@deleted.invalid`,
        name: FORMER_MEMBER,
        // Not a hash of anything: no password signs in to it (and it is disabled).
        password_hash: "!",
        role: "member",
        member_type: member.member_type,
        disabled_at: now,
        deleted_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    await trx.updateTable("payments").set({ member_id: formerId }).where("member_id", "=", memberId).execute();
    await trx.updateTable("payments").set({ confirmed_by: formerId }).where("confirmed_by", "=", memberId).execute();
    await trx.updateTable("memberships").set({ member_id: formerId }).where("member_id", "=", memberId).execute();
    const ownPosts = trx.selectFrom("posts").select("id").where("author_id", "=", memberId);
    await trx.updateTable("comments").set({ author_id: formerId }).where("author_id", "=", memberId).where("post_id", "not in", ownPosts).execute();
    const ownEvents = trx.selectFrom("events").select("id").where("owner_id", "=", memberId);
    await trx
      .updateTable("tickets")
      .set({ holder_id: formerId, holder_name: null, holder_email: null })
      .where("holder_id", "=", memberId)
      .where("event_id", "not in", ownEvents)
      .execute();

    await trx.deleteFrom("users").where("id", "=", memberId).execute();
    return { ok: true as const, files };
  });
  if (!outcome.ok) return outcome;
  for (const file of outcome.files) await removeStored(file);
  return { ok: true };
}
