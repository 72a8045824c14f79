import type { Kysely } from "kysely";
import type { DB } from "~/lib/db-schema";

/** A leaving member's referrals stay with the other member (their follow-up, their thank-you)
 * and in the chapter's figures: given and received by the placeholder instead. */
export async function handReferralsOver(trx: Kysely<DB>, memberId: number, formerId: number) {
  await trx.updateTable("referrals").set({ giver_id: formerId }).where("giver_id", "=", memberId).execute();
  await trx.updateTable("referrals").set({ receiver_id: formerId }).where("receiver_id", "=", memberId).execute();
  await trx.updateTable("referral_updates").set({ member_id: formerId }).where("member_id", "=", memberId).execute();
}
