import { db } from "~/lib/db.server";

/**
 * The member's referrals, one-to-ones and visitors for their data export. A referral holds a
 * copy of what its giver passed on (never a link to the giver's contacts), so a received one
 * shows the receiver nothing more than its page does; a one-to-one carries the member's own
 * note only, never the other member's.
 */
export async function referralDataOf(memberId: number) {
  const referrals = await db
    .selectFrom("referrals")
    .leftJoin("users as giver", "giver.id", "referrals.giver_id")
    .leftJoin("users as receiver", "receiver.id", "referrals.receiver_id")
    .selectAll("referrals")
    .select(["giver.name as giver_name", "receiver.name as receiver_name"])
    .where((eb) => eb.or([eb("referrals.giver_id", "=", memberId), eb("referrals.receiver_id", "=", memberId)]))
    .orderBy("referrals.id")
    .execute();
  const updates = referrals.length
    ? await db
        .selectFrom("referral_updates")
        .select(["referral_id", "status", "amount_cents", "currency", "reason", "created_at"])
        .where(
          "referral_id",
          "in",
          referrals.map((referral) => referral.id),
        )
        .orderBy("id")
        .execute()
    : [];
  const historyOf = (id: number) => updates.filter((update) => update.referral_id === id).map(({ referral_id: _id, ...update }) => update);
  const oneToOnes = await db
    .selectFrom("one_to_ones")
    .innerJoin("users as proposer", "proposer.id", "one_to_ones.proposer_id")
    .innerJoin("users as partner", "partner.id", "one_to_ones.partner_id")
    .select([
      "one_to_ones.id",
      "one_to_ones.proposer_id",
      "proposer.name as proposer_name",
      "partner.name as partner_name",
      "one_to_ones.met_on",
      "one_to_ones.place",
      "one_to_ones.status",
      "one_to_ones.proposer_note",
      "one_to_ones.partner_note",
      "one_to_ones.confirmed_at",
      "one_to_ones.created_at",
    ])
    .where((eb) => eb.or([eb("one_to_ones.proposer_id", "=", memberId), eb("one_to_ones.partner_id", "=", memberId)]))
    .orderBy("one_to_ones.met_on")
    .orderBy("one_to_ones.id")
    .execute();
  const visitors = await db
    .selectFrom("visitors")
    .innerJoin("events", "events.id", "visitors.event_id")
    .select(["visitors.id", "visitors.event_id", "events.title as event_title", "visitors.name", "visitors.email", "visitors.business", "visitors.created_at"])
    .where("visitors.brought_by_id", "=", memberId)
    .orderBy("visitors.id")
    .execute();
  const given = referrals.filter((referral) => referral.giver_id === memberId);
  const received = referrals.filter((referral) => referral.receiver_id === memberId && referral.giver_id !== memberId);
  const present = ({ giver_id: _g, receiver_id: _r, ...referral }: (typeof referrals)[number]) => ({
    ...referral,
    giver_name: referral.giver_name ?? "A former member",
    receiver_name: referral.receiver_name ?? "A former member",
    history: historyOf(referral.id),
  });
  return {
    referrals_given: given.map(present),
    referrals_received: received.map(present),
    one_to_ones: oneToOnes.map(({ proposer_id, proposer_note, partner_note, proposer_name, partner_name, ...meeting }) => {
      const proposed = proposer_id === memberId;
      return { ...meeting, proposed_by_me: proposed, with: proposed ? partner_name : proposer_name, my_note: proposed ? proposer_note : partner_note };
    }),
    visitors_brought: visitors,
  };
}
