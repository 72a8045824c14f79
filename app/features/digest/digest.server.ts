import { sql } from "kysely";
import { addDays, todayIn } from "~/features/journal/dates";
import { statusLabel } from "~/features/referrals/constants";
import { referralsToFollowUp } from "~/features/referrals/referrals.server";
import { friendIds } from "~/features/social/friendship.server";
import { clubSettings } from "~/lib/club.server";
import { db, nowIso } from "~/lib/db.server";
import { formatDate, formatEventStart, formatWallClock, zoneLabel } from "~/lib/format";
import { sendMail } from "~/lib/mail.server";
import { storedPublicOrigin } from "~/lib/public-origin.server";
import { DIGEST_DAYS, DIGEST_HOUR, type DigestDay } from "~/lib/digest-days";
import { unsubscribeLink } from "./subscription.server";

/** How far ahead "Coming up" looks, in days. */
const AHEAD_DAYS = 14;
/** At most this many items a section; the rest are counted ("and 3 more"). */
const SHOWN = 5;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

type Item = { text: string; path: string };
export type DigestSection = { heading: string; items: Item[]; more: number };
export type Digest = { since: string; sections: DigestSection[] };

const section = (heading: string, items: Item[], total = items.length): DigestSection => ({
  heading,
  items: items.slice(0, SHOWN),
  more: Math.max(0, total - SHOWN),
});

/**
 * What happened in the club since `since` that this member may see: members who joined (those
 * listed in the member directory), events
 * and trainings of the next two weeks, posts by their friends (public or for friends), and the
 * referrals waiting for them. Empty sections are left out.
 */
export async function digestFor(memberId: number, since: string, now = new Date()): Promise<Digest> {
  const { timeZone } = await clubSettings();
  const nowText = now.toISOString();
  const aheadText = new Date(now.getTime() + AHEAD_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const today = todayIn(timeZone, now);
  const startsAt = sql<string>`coalesce(events.starts_at_utc, events.starts_at)`;

  const [members, events, trainings, posts, postCount, referrals] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "name", "business", "member_type"])
      .where("created_at", ">", since)
      .where("id", "!=", memberId)
      .where("in_directory", "=", 1)
      .where("disabled_at", "is", null)
      .where("deleted_at", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .limit(SHOWN + 50)
      .execute(),
    db
      .selectFrom("events")
      .select(["id", "title", "starts_at", "time_zone"])
      .where(startsAt, ">=", nowText.slice(0, 16))
      .where(startsAt, "<", aheadText.slice(0, 16))
      .orderBy(startsAt)
      .orderBy("id")
      .limit(SHOWN + 50)
      .execute(),
    db
      .selectFrom("trainings")
      .select(["id", "title", "date", "start_time", "time_zone"])
      .where("date", ">=", today)
      .where("date", "<", addDays(today, AHEAD_DAYS))
      .orderBy("date")
      .orderBy("start_time")
      .orderBy("id")
      .limit(SHOWN + 50)
      .execute(),
    friendPosts(memberId, since).limit(SHOWN).execute(),
    friendPosts(memberId, since)
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    referralsToFollowUp(memberId, SHOWN),
  ]);
  const openReferrals = await db
    .selectFrom("referrals")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("receiver_id", "=", memberId)
    .where("status", "in", ["new", "contacted", "meeting_set"])
    .executeTakeFirstOrThrow();

  const memberWord = (type: string) => (type === "investor" ? "investor" : type === "entrepreneur" ? "entrepreneur" : null);
  const sections = [
    section(
      "New members",
      members.map((member) => ({
        text: [member.name, member.business, memberWord(member.member_type)].filter(Boolean).join(", "),
        path: `/user/members/${member.id}`,
      })),
    ),
    section("Coming up", [
      ...events.map((event) => ({ text: `${event.title}, ${formatEventStart(event.starts_at, event.time_zone)}`, path: `/user/events/${event.id}` })),
      ...trainings.map((training) => ({
        text: `${training.title} (training), ${formatWallClock(`${training.date}T${training.start_time}`)} (${zoneLabel(training.time_zone ?? timeZone)})`,
        path: `/user/trainings/${training.id}`,
      })),
    ]),
    section(
      "From your friends",
      posts.map((post) => ({ text: `${post.author_name}: “${excerpt(post.message)}”`, path: `/user/timeline/post/${post.id}` })),
      Number(postCount.count),
    ),
    section(
      "Referrals waiting for you",
      referrals.map((referral) => ({
        text: `${referral.own_need ? `${referral.giver_name}'s own need` : `${referral.name}, referred by ${referral.giver_name}`} (${statusLabel(referral.status)})${referral.need ? `: ${excerpt(referral.need)}` : ""}`,
        path: `/user/referrals/${referral.id}`,
      })),
      Number(openReferrals.count),
    ),
  ].filter((part) => part.items.length > 0);
  return { since, sections };
}

function friendPosts(memberId: number, since: string) {
  return db
    .selectFrom("posts")
    .innerJoin("users", "users.id", "posts.author_id")
    .select(["posts.id", "posts.message", "users.name as author_name"])
    .where("posts.created_at", ">", since)
    .where("posts.privacy", "in", ["public", "friends"])
    .where("users.disabled_at", "is", null)
    .where("posts.author_id", "in", (eb) => friendIds(eb, memberId))
    .orderBy("posts.id", "desc");
}

function excerpt(text: string, length = 120) {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > length ? `${line.slice(0, length - 1).trimEnd()}…` : line;
}

/** The digest as an e-mail's text: a greeting, each section with its links, and how to stop it. */
export function digestText(
  digest: Digest,
  { name, club, origin, unsubscribe, dayLabel }: { name: string; club: string; origin: string; unsubscribe: string; dayLabel: string },
) {
  const lines = [`Hello ${name},`, "", `Here is what happened at ${club} since ${formatDate(digest.since.slice(0, 10))}.`];
  for (const part of digest.sections) {
    lines.push("", part.heading, "");
    for (const item of part.items) lines.push(`- ${item.text}`, `  ${origin}${item.path}`);
    if (part.more) lines.push(`- and ${part.more} more`);
  }
  lines.push(
    "",
    `You get this e-mail every ${dayLabel}. To stop it, open this link:`,
    unsubscribe,
    `or change it in your notification settings: ${origin}/user/settings/notifications`,
  );
  return lines.join("\n");
}

/** The club's date of this week's digest day when it is due at `now` (that day, from DIGEST_HOUR,
 * the club's clock), or null. */
export function dueWeek(day: DigestDay, timeZone: string, now: Date) {
  const weekday = DIGEST_DAYS.find((item) => item.value === day)?.weekday;
  if (weekday === null || weekday === undefined) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", hour: "numeric", hourCycle: "h23" })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const today = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(parts.weekday);
  if (today !== weekday || Number(parts.hour) < DIGEST_HOUR) return null;
  return todayIn(timeZone, now);
}

/**
 * Sends this week's digest to each member who wants it, when the club's digest day has come.
 * Each member's week is claimed by a unique row first, so however many instances run this at
 * once, a member gets it once; a week with nothing to tell sends nothing. Returns how many were
 * sent.
 */
export async function sendWeeklyDigests(now = new Date()) {
  const club = await clubSettings();
  const week = dueWeek(club.digestDay, club.timeZone, now);
  if (!week) return 0;
  const origin = await storedPublicOrigin();
  if (!origin) return 0;
  const dayLabel = DIGEST_DAYS.find((item) => item.value === club.digestDay)!.label;
  const members = await db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("weekly_digest", "=", 1)
    .where("disabled_at", "is", null)
    .where("deleted_at", "is", null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom("weekly_digests").select("id").whereRef("weekly_digests.member_id", "=", "users.id").where("week", "=", week))),
    )
    .orderBy("id")
    .execute();
  let sent = 0;
  for (const member of members) {
    const last = await db
      .selectFrom("weekly_digests")
      .select("sent_at")
      .where("member_id", "=", member.id)
      .orderBy("sent_at", "desc")
      .limit(1)
      .executeTakeFirst();
    const claimed = await db
      .insertInto("weekly_digests")
      .values({ member_id: member.id, week, sent_at: nowIso() })
      .onConflict((conflict) => conflict.columns(["member_id", "week"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!claimed) continue;
    const since = last?.sent_at ?? new Date(now.getTime() - WEEK_MS).toISOString();
    const digest = await digestFor(member.id, since, now);
    if (!digest.sections.length) continue;
    await sendMail({
      to: member.email,
      subject: `This week at ${club.name}`,
      text: digestText(digest, { name: member.name, club: club.name, origin, unsubscribe: unsubscribeLink(origin, member.id), dayLabel }),
      headers: { "List-Unsubscribe": `<${unsubscribeLink(origin, member.id)}>` },
    });
    sent += 1;
  }
  return sent;
}
