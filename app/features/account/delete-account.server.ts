import crypto from "node:crypto";
import { db, nowIso } from "~/lib/db.server";
import { notify } from "~/features/notifications/notifications.server";
import { handProposalsOver } from "~/features/proposals/leaving.server";
import { handReferralsOver } from "~/features/referrals/leaving.server";
import { removeStored } from "~/lib/files.server";

export const FORMER_MEMBER = "A former member";

export type DeleteOutcome = { ok: true } | { ok: false; message: string };

/**
 * Deletes a member's account, in one transaction. What the club and other members keep is
 * moved to a placeholder account named "A former member" (disabled, never listed): payments
 * and memberships (the club's accounts), comments on other members' posts, tickets to other
 * members' events (their seats stay taken), entrepreneur and investor entries with their
 * connections and deal trails (open ones closed, the other side told), referrals given and
 * received. Then the account's row
 * is deleted, and the database's ON DELETE CASCADE removes everything else it owns, in every
 * area, present and future: contacts, events, posts, offers, planning, friendships, chats, sessions on every
 * instance … The uploaded files' content is removed once the transaction has committed.
 *
 * Refused for the last active admin, and while the member's events have paid tickets (as
 * deleting one such event is: those members need a refund first). Holders of free tickets
 * and those going to the member's events are told they are cancelled, as when one is deleted.
 */
export async function deleteAccount(memberId: number): Promise<DeleteOutcome> {
  const outcome = await db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom("users").select(["role", "member_type"]).where("id", "=", memberId).executeTakeFirst();
    if (!member) return { ok: false as const, message: "Not found" };
    if (member.role === "admin") {
      // A write that changes nothing, to lock every admin's row first: two admins leaving at
      // once then go one after the other, and the second sees that the first has gone.
      await trx
        .updateTable("users")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("role", "=", "admin")
        .execute();
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

    // The member's events go (the cascade below): their ticket holders and those going are told.
    const toTell = await trx
      .selectFrom("events")
      .leftJoin("tickets", (join) => join.onRef("tickets.event_id", "=", "events.id").on("tickets.status", "=", "issued"))
      .leftJoin("event_statuses", (join) => join.onRef("event_statuses.event_id", "=", "events.id").on("event_statuses.going", "=", 1))
      .select(["events.title", "tickets.holder_id", "event_statuses.member_id"])
      .where("events.owner_id", "=", memberId)
      .execute();
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

    const closedConnections = await handProposalsOver(trx, memberId, formerId);
    await handReferralsOver(trx, memberId, formerId);

    await trx.deleteFrom("users").where("id", "=", memberId).execute();
    return { ok: true as const, files, toTell, closedConnections };
  });
  if (!outcome.ok) return outcome;
  for (const file of outcome.files) await removeStored(file);
  const told = new Set<string>();
  for (const row of outcome.toTell) {
    for (const id of [row.holder_id, row.member_id]) {
      if (id === null || id === memberId || told.has(`${id} ${row.title}`)) continue;
      told.add(`${id} ${row.title}`);
      await notify({ memberId: id, kind: "event_cancelled", message: `${row.title} was cancelled by its organiser.` });
    }
  }
  for (const closed of outcome.closedConnections) {
    await notify({ ...closed, kind: "proposal_connection", email: { subject: "A proposal connection was closed", text: closed.message } });
  }
  return { ok: true };
}
