import { todayIn } from "~/features/journal/dates";
import { clubSettings } from "~/lib/club.server";
import { db, nowIso } from "~/lib/db.server";
import { type Activity, DEFAULT_ENGAGEMENT, type EngagementRules, engagementPoints, lastSixMonths, type Light, lightOf, toRaise } from "./engagement";
import { chapterReport } from "./report.server";

/** The admin's points and thresholds, each unset one at its default. */
export async function engagementRules(): Promise<EngagementRules> {
  const row = await db.selectFrom("engagement_settings").selectAll().where("id", "=", 1).executeTakeFirst();
  return {
    attendance: row?.attendance_points ?? DEFAULT_ENGAGEMENT.attendance,
    referral: row?.referral_points ?? DEFAULT_ENGAGEMENT.referral,
    oneToOne: row?.one_to_one_points ?? DEFAULT_ENGAGEMENT.oneToOne,
    visitor: row?.visitor_points ?? DEFAULT_ENGAGEMENT.visitor,
    thanks: row?.thanks_points ?? DEFAULT_ENGAGEMENT.thanks,
    greenFrom: row?.green_from ?? DEFAULT_ENGAGEMENT.greenFrom,
    amberFrom: row?.amber_from ?? DEFAULT_ENGAGEMENT.amberFrom,
  };
}

export async function saveEngagementRules(rules: EngagementRules) {
  const values = {
    attendance_points: rules.attendance,
    referral_points: rules.referral,
    one_to_one_points: rules.oneToOne,
    visitor_points: rules.visitor,
    thanks_points: rules.thanks,
    green_from: rules.greenFrom,
    amber_from: rules.amberFrom,
    updated_at: nowIso(),
  };
  await db
    .insertInto("engagement_settings")
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}

export type Engagement = { light: Light; total: number; parts: ReturnType<typeof engagementPoints>["parts"] };

/**
 * Every active member's engagement over the last six months on the club's clock, by member
 * id: the chapter report's figures for the span, weighed by the admin's points.
 */
export async function engagementOfMembers(now = new Date()) {
  // The meeting days of the chapter report; amounts in the club's currency.
  const club = await clubSettings();
  const period = lastSixMonths(todayIn(club.timeZone, now));
  const [rules, report] = await Promise.all([engagementRules(), chapterReport(period, club.timeZone)]);
  const engagement = new Map<number, Engagement>();
  for (const row of report.rows) {
    const activity: Activity = {
      eventsAttended: row.eventsAttended,
      referralsGiven: row.givenInside + row.givenOutside,
      oneToOnes: row.oneToOnes,
      visitors: row.visitors,
      thanksGivenCents: row.thanksGiven.find((amount) => amount.currency === club.currency)?.cents ?? 0,
    };
    const { parts, total } = engagementPoints(activity, rules);
    engagement.set(row.id, { light: lightOf(total, rules), total, parts });
  }
  return { rules, period, engagement };
}

/** The member's own light, its points, and what would raise it. */
export async function memberEngagement(memberId: number, now = new Date()) {
  const { rules, period, engagement } = await engagementOfMembers(now);
  const own = engagement.get(memberId) ?? { light: lightOf(0, rules), total: 0, parts: [] };
  return { ...own, period, raise: toRaise(own.total, rules) };
}
