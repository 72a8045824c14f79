import { todayIn } from "~/features/journal/dates";
import { countOneToOnes } from "./one-to-ones.server";
import { instantsOf, weekOf } from "./periods";
import { referralNumbers, referralsToFollowUp } from "./referrals.server";

/** The home page's referrals: the received ones to follow up, and this meeting week's figures
 * (the week on the club's clock, so every member's week is the chapter's). */
export async function homeReferrals(memberId: number, clubZone: string, now = new Date()) {
  const week = weekOf(todayIn(clubZone, now));
  const [toFollowUp, numbers, oneToOnes] = await Promise.all([
    referralsToFollowUp(memberId),
    referralNumbers(memberId, instantsOf(week, clubZone)),
    countOneToOnes(memberId, week),
  ]);
  return { week, toFollowUp, numbers: { ...numbers, oneToOnes } };
}
