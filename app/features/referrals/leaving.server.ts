import type { Kysely } from "kysely";
import type { DB } from "~/lib/db-schema";

/** A leaving member's referrals and one-to-ones stay with the other member (their follow-up,
 * their thank-you, their notes) and in the chapter's figures, with the placeholder instead;
 * the visitors they brought stay on the event's door list and in the figures, by the placeholder. */
export async function handReferralsOver(trx: Kysely<DB>, memberId: number, formerId: number) {
  await trx.updateTable("referrals").set({ giver_id: formerId }).where("giver_id", "=", memberId).execute();
  await trx.updateTable("referrals").set({ receiver_id: formerId }).where("receiver_id", "=", memberId).execute();
  await trx.updateTable("referral_updates").set({ member_id: formerId }).where("member_id", "=", memberId).execute();
  await trx.updateTable("one_to_ones").set({ proposer_id: formerId }).where("proposer_id", "=", memberId).execute();
  await trx.updateTable("one_to_ones").set({ partner_id: formerId }).where("partner_id", "=", memberId).execute();
  await trx.updateTable("visitors").set({ brought_by_id: formerId }).where("brought_by_id", "=", memberId).execute();
}
