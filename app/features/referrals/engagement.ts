import type { Period } from "./periods";

/** What each activity of the last six months is worth, and where amber and green begin (the
 * admin sets them; null columns fall back to these). */
export type EngagementRules = {
  attendance: number;
  referral: number;
  oneToOne: number;
  visitor: number;
  /** Points for each whole 1,000 of the club's currency given as thank-yous. */
  thanks: number;
  greenFrom: number;
  amberFrom: number;
};

/** About one point a week for a member who comes to the weekly meeting, gives a referral a
 * month and meets another member one to one a month: 26 + 18 + 12 = 56 over six months. */
export const DEFAULT_ENGAGEMENT: EngagementRules = { attendance: 1, referral: 3, oneToOne: 2, visitor: 3, thanks: 1, greenFrom: 45, amberFrom: 20 };

/** A thank-you counts for each whole this much of the club's currency (in cents). */
export const THANKS_STEP_CENTS = 1_000_00;

/** A member's activity over the six months, as the chapter report counts it. */
export type Activity = {
  eventsAttended: number;
  referralsGiven: number;
  oneToOnes: number;
  visitors: number;
  /** Thank-yous given in the club's currency. */
  thanksGivenCents: number;
};

export type Light = "green" | "amber" | "red";

/** Never a colour alone: the light's words (WCAG 1.4.1). */
export const LIGHT_WORDS: Record<Light, string> = {
  green: "Green: well engaged",
  amber: "Amber: could do more",
  red: "Red: at risk",
};

const PARTS = [
  { key: "eventsAttended", rule: "attendance", label: "Events attended" },
  { key: "referralsGiven", rule: "referral", label: "Referrals given" },
  { key: "oneToOnes", rule: "oneToOne", label: "One-to-ones" },
  { key: "visitors", rule: "visitor", label: "Visitors brought" },
] as const;

/** The points of each activity and their total. */
export function engagementPoints(activity: Activity, rules: EngagementRules) {
  const parts: { label: string; count: number; points: number }[] = PARTS.map((part) => ({
    label: part.label,
    count: activity[part.key],
    points: activity[part.key] * rules[part.rule],
  }));
  const steps = Math.floor(Math.max(0, activity.thanksGivenCents) / THANKS_STEP_CENTS);
  parts.push({ label: "Thank-yous given, in thousands", count: steps, points: steps * rules.thanks });
  return { parts, total: parts.reduce((sum, part) => sum + part.points, 0) };
}

export function lightOf(total: number, rules: EngagementRules): Light {
  if (total >= rules.greenFrom) return "green";
  if (total >= rules.amberFrom) return "amber";
  return "red";
}

/** What would raise the light: the points missing to the next one, and how many of each
 * activity alone would make them up (activities worth no points are left out). Null at green. */
export function toRaise(total: number, rules: EngagementRules) {
  const light = lightOf(total, rules);
  if (light === "green") return null;
  const next: Light = light === "red" ? "amber" : "green";
  const needed = (next === "amber" ? rules.amberFrom : rules.greenFrom) - total;
  const ways = [
    { what: "events attended", one: "event attended", points: rules.attendance },
    { what: "referrals given", one: "referral given", points: rules.referral },
    { what: "one-to-ones", one: "one-to-one", points: rules.oneToOne },
    { what: "visitors brought", one: "visitor brought", points: rules.visitor },
  ]
    .filter((way) => way.points > 0)
    .map((way) => {
      const count = Math.ceil(needed / way.points);
      return `${count} ${count === 1 ? way.one : way.what}`;
    });
  return { next, needed, ways };
}

/** The six months up to `today` (both ends included): from the day after the same date six
 * months before (the last day of a shorter month). */
export function lastSixMonths(today: string): Period {
  const [year, month, day] = today.split("-").map(Number);
  const back = new Date(Date.UTC(year, month - 1 - 6, 1));
  const lastDay = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth() + 1, 0)).getUTCDate();
  const start = new Date(Date.UTC(back.getUTCFullYear(), back.getUTCMonth(), Math.min(day, lastDay) + 1));
  return { from: start.toISOString().slice(0, 10), to: today };
}
