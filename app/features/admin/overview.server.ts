import { currentAnnouncements } from "~/features/announcements/announcements.server";
import { engagementOfMembers } from "~/features/referrals/engagement.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { listOutbox } from "~/lib/mail.server";
import { paymentsOpen } from "~/lib/payments/payments.server";

/** What the admin home counts: what needs the admin's attention in each section. */
export async function adminOverview() {
  const [open, members, pending, ticker, outbox, { engagement }] = await Promise.all([
    paymentsOpen(),
    db
      .selectFrom("users")
      .select((eb) => [eb.fn.countAll<number>().as("total"), eb.fn.count<number>("disabled_at").as("disabled")])
      // The placeholder a deleted account leaves ("A former member") is nobody's account.
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("provider", "=", "bank_transfer")
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow(),
    currentAnnouncements(),
    env().SMTP_URL ? Promise.resolve(null) : listOutbox(),
    engagementOfMembers(),
  ]);
  return {
    paymentsOpen: open,
    members: { active: Number(members.total) - Number(members.disabled), disabled: Number(members.disabled) },
    redLights: [...engagement.values()].filter((member) => member.light === "red").length,
    pendingTransfers: Number(pending.total),
    currentAnnouncements: ticker.length,
    // Null: mail goes out through the club's SMTP server, nothing waits in the outbox.
    outboxMessages: outbox ? outbox.length : null,
  };
}
