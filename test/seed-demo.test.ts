import { engagementOfMembers } from "~/features/referrals/engagement.server";
import { expect, test } from "vitest";
import { occurrencesBetween } from "~/features/calendar/calendar.server";
import { addDays, todayIn } from "~/features/journal/dates";
import { db } from "~/lib/db.server";
import { clubTimeZone } from "~/lib/env.server";
import { loader as home } from "~/routes/home/user._index";
import { DEMO_MEMBERS, DEMO_PASSWORD, describeSeed, seedDemo } from "../scripts/demo-data";
import { cookiesFrom, getRequest, postRequest, routeArgs, settle } from "./helpers";
import { action as signIn } from "~/routes/accounts/signin";

async function counts() {
  const count = async (table: "users" | "contacts" | "friendships" | "posts" | "events" | "products" | "tickets") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return {
    members: await count("users"),
    contacts: await count("contacts"),
    friendships: await count("friendships"),
    posts: await count("posts"),
    events: await count("events"),
    offers: await count("products"),
  };
}

async function planningCounts() {
  const count = async (
    table:
      | "wish_list_items"
      | "big_tasks"
      | "businesses"
      | "business_goals"
      | "goal_actions"
      | "calendar_tasks"
      | "journal_entries"
      | "trainings"
      | "net_worth_entries"
      | "net_worth_lines"
      | "entrepreneur_entries"
      | "investor_entries",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return {
    wishes: await count("wish_list_items"),
    bigTasks: await count("big_tasks"),
    businesses: await count("businesses"),
    goals: await count("business_goals"),
    actions: await count("goal_actions"),
    calendarTasks: await count("calendar_tasks"),
    journalDays: await count("journal_entries"),
    trainings: await count("trainings"),
    netWorthEntries: await count("net_worth_entries"),
    netWorthLines: await count("net_worth_lines"),
    entrepreneurs: await count("entrepreneur_entries"),
    investors: await count("investor_entries"),
  };
}

test("the seed's closing message is a sentence: what was added, joined by commas and a last 'and'", () => {
  expect(describeSeed({ members: 5, contacts: 4, friendships: 5, posts: 4, events: 7, offers: 1, referrals: 25, reactions: 11, planning: 9 })).toBe(
    "Added 5 members, 4 contacts, 5 friendships, 4 posts, 7 events, 1 offer, 25 referrals, one-to-ones and visitors, 11 reactions and examples in 9 planning areas.",
  );
  expect(describeSeed({ members: 0, contacts: 0, friendships: 0, posts: 0, events: 0, offers: 0, referrals: 0, reactions: 0, planning: 1 })).toBe(
    "Added examples in 1 planning area.",
  );
  expect(describeSeed({ members: 1, contacts: 0, friendships: 0, posts: 0, events: 2, offers: 0, referrals: 0, reactions: 0, planning: 0 })).toBe(
    "Added 1 member and 2 events.",
  );
  expect(describeSeed({ members: 0, contacts: 0, friendships: 0, posts: 0, events: 0, offers: 0, referrals: 0, reactions: 0, planning: 0 })).toBe(
    "The demo data is already there.",
  );
});

test("the demo seed fills an empty install once: running it again adds nothing", async () => {
  const first = await seedDemo();
  // The events: the upcoming mixer and six past breakfasts (with check-ins and visitors).
  expect(first).toEqual({ members: 19, contacts: 4, friendships: 5, posts: 4, events: 7, offers: 1, planning: 9, referrals: 25, reactions: 11 });
  const { planning: _parts, referrals: _referrals, reactions: _reactions, ...added } = first;
  // Two of the directory's members have asked the first member to be friends.
  const rows = { ...added, friendships: added.friendships + 2 };
  expect(await db.selectFrom("post_reactions").select("kind").execute()).toHaveLength(9);
  expect(await db.selectFrom("comment_reactions").select("kind").execute()).toHaveLength(2);
  // Grouped: one notice per post or comment, however many reacted.
  const notices = await db.selectFrom("notifications").select("message").where("kind", "in", ["post_reaction", "comment_reaction"]).execute();
  expect(notices).toHaveLength(5);
  expect(notices.map((notice) => notice.message)).toContain("Grace Mensah and 2 others reacted to your post.");
  expect(await db.selectFrom("referrals").select("status").execute()).toHaveLength(8);
  expect(await db.selectFrom("one_to_ones").select("status").execute()).toHaveLength(6);
  expect(await db.selectFrom("visitors").select("id").execute()).toHaveLength(11);
  expect(await counts()).toEqual(rows);
  const planningAfterFirst = await planningCounts();
  expect(planningAfterFirst).toEqual({
    wishes: 2,
    bigTasks: 3,
    businesses: 1,
    goals: 1,
    actions: 2,
    calendarTasks: 3,
    journalDays: 1,
    trainings: 1,
    netWorthEntries: 3,
    netWorthLines: 8,
    entrepreneurs: 1,
    investors: 1,
  });
  const friendships = await db.selectFrom("friendships").select(["status", "addressee_id"]).execute();
  const firstId = (await db.selectFrom("users").select("id").where("email", "=", DEMO_MEMBERS[0].email).executeTakeFirstOrThrow()).id;
  expect(friendships.filter((row) => row.status !== "accepted")).toEqual([
    { status: "pending", addressee_id: firstId },
    { status: "pending", addressee_id: firstId },
  ]);
  const event = await db.selectFrom("events").selectAll().where("title", "=", "Chapter Members Mixer").executeTakeFirstOrThrow();
  expect(event).toMatchObject({ general_capacity: 60, general_amount_cents: null, vip_capacity: null });
  expect(event.ends_at_utc! > new Date().toISOString()).toBe(true);
  const offer = await db.selectFrom("products").selectAll().executeTakeFirstOrThrow();
  expect(offer.event_id).toBe(event.id);
  expect((await db.selectFrom("posts").select("privacy").execute()).every((row) => row.privacy === "public")).toBe(true);
  // The training in Lagos is on Lagos's clock, as the event in Berlin is on Berlin's.
  expect(await db.selectFrom("trainings").select("time_zone").execute()).toEqual([{ time_zone: "Africa/Lagos" }]);
  // Written over days, oldest first, not all in the seed's minute.
  const written = (await db.selectFrom("posts").select("created_at").orderBy("id").execute()).map((row) => Date.parse(row.created_at));
  expect(written).toEqual([...written].sort((a, b) => a - b));
  expect(written.at(-1)! - written[0]).toBeGreaterThan(86_400_000);

  expect(await seedDemo()).toEqual({ members: 0, contacts: 0, friendships: 0, posts: 0, events: 0, offers: 0, planning: 0, referrals: 0, reactions: 0 });
  expect(await db.selectFrom("comments").select("id").execute()).toHaveLength(1);
  expect(await counts()).toEqual(rows);
  expect(await planningCounts()).toEqual(planningAfterFirst);
});

test("the first demo member signs in to a home page with something on it", async () => {
  await seedDemo();
  const response = await settle(() => signIn(routeArgs(postRequest("/signin", { email: DEMO_MEMBERS[0].email, password: DEMO_PASSWORD }))));
  expect(response.status).toBe(302);
  const page = await (await settle(() => home(routeArgs(getRequest("/user", cookiesFrom(response)))))).json();
  expect(page.contacts).toBe(4);
  expect(page.posts).toHaveLength(3);
  expect(page.comingUp.events.map((event: { title: string }) => event.title)).toEqual(["Chapter Members Mixer"]);
  // Today's tasks: the demo's daily series, whatever day it is.
  expect(page.planning.daily.map((occurrence: { title: string }) => occurrence.title)).toContain("Check the day's shipments");
});

test("the demo calendar reads as a lived one: past occurrences are completed or missed, none pending, and today's and later ones pending", async () => {
  await seedDemo();
  const amara = await db.selectFrom("users").select(["id", "time_zone"]).where("email", "=", DEMO_MEMBERS[0].email).executeTakeFirstOrThrow();
  const today = todayIn(amara.time_zone ?? clubTimeZone());
  const occurrences = await occurrencesBetween(amara.id, addDays(today, -30), addDays(today, 30));
  const past = occurrences.filter((occurrence) => occurrence.date < today);
  expect(new Set(past.map((occurrence) => occurrence.title))).toEqual(new Set(["Check the day's shipments", "Warehouse team meeting"]));
  expect(past.filter((occurrence) => occurrence.status === "pending")).toEqual([]);
  expect(past.some((occurrence) => occurrence.status === "completed")).toBe(true);
  expect(past.filter((occurrence) => occurrence.status === "missed")).toHaveLength(1);
  // Seeded in the afternoon, this morning's check is done, not missed.
  expect(occurrences.filter((occurrence) => occurrence.date === today && occurrence.status === "missed")).toEqual([]);
  const later = occurrences.filter((occurrence) => occurrence.date > today);
  expect(later.length).toBeGreaterThan(0);
  expect(later.every((occurrence) => occurrence.status === "pending")).toBe(true);
});

test("the demo's engagement lights are not all one colour (at the default points)", async () => {
  await seedDemo();
  const { engagement } = await engagementOfMembers();
  const lights = [];
  for (const member of DEMO_MEMBERS) {
    const { id } = await db.selectFrom("users").select("id").where("email", "=", member.email).executeTakeFirstOrThrow();
    lights.push(engagement.get(id)?.light);
  }
  expect(lights).toEqual(["green", "amber", "red", "red", "amber"]);
});
