import { describe, expect, test } from "vitest";
import { DEFAULT_ENGAGEMENT, engagementPoints, lastSixMonths, lightOf, toRaise } from "~/features/referrals/engagement";
import { engagementOfMembers, engagementRules, saveEngagementRules } from "~/features/referrals/engagement.server";
import { clubSettings } from "~/lib/club.server";
import { db } from "~/lib/db.server";
import { action as rulesAction, loader as rulesLoader } from "~/routes/admin/user.admin.engagement";
import { loader as membersLoader } from "~/routes/admin/user.admin.members";
import { loader as referralsLoader } from "~/routes/referrals/user.referrals";
import { createEvent } from "./event-fixtures";
import { createSignedInMember, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const rules = DEFAULT_ENGAGEMENT;

/** An instant `days` days before now (midday, so that no club time zone moves its day). */
function daysAgo(days: number) {
  const at = new Date(Date.now() - days * 86_400_000);
  at.setUTCHours(12, 0, 0, 0);
  return at.toISOString();
}

async function referral(giver: TestMember, receiver: TestMember, created: string, closed?: { cents: number; currency: string }) {
  await db
    .insertInto("referrals")
    .values({
      giver_id: giver.id,
      receiver_id: receiver.id,
      name: "Someone",
      company: null,
      email: null,
      phone: null,
      occupation: null,
      city: null,
      website: null,
      need: "Something",
      warmth: 3,
      own_need: 0,
      note: null,
      status: closed ? "closed" : "new",
      amount_cents: closed?.cents ?? null,
      currency: closed?.currency ?? null,
      reason: null,
      closed_at: closed ? created : null,
      created_at: created,
      updated_at: created,
    })
    .execute();
}

async function oneToOne(a: TestMember, b: TestMember, at: string) {
  await db
    .insertInto("one_to_ones")
    .values({
      proposer_id: a.id,
      partner_id: b.id,
      met_on: at.slice(0, 10),
      place: null,
      status: "confirmed",
      proposer_note: null,
      partner_note: null,
      confirmed_at: at,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

async function checkIn(eventId: number, holder: TestMember, at: string) {
  await db
    .insertInto("tickets")
    .values({
      event_id: eventId,
      ticket_type: "general",
      code: `code-${eventId}-${holder.id}-${at}`,
      holder_id: holder.id,
      contact_id: null,
      holder_name: null,
      holder_email: null,
      issued_by: null,
      payment_id: null,
      amount_cents: 0,
      status: "issued",
      checked_in_at: at,
      created_at: at,
      issued_at: at,
    } as never)
    .execute();
}

async function visitor(eventId: number, member: TestMember, at: string) {
  await db
    .insertInto("visitors")
    .values({ event_id: eventId, brought_by_id: member.id, name: "A visitor", email: null, business: null, contact_id: null, created_at: at })
    .execute();
}

/**
 * With the default points (an event 1, a referral 3, a one-to-one 2, a visitor 3, each whole
 * 1,000 of thank-you given 1; amber from 20, green from 45), worked out by hand:
 * - Ada: 6 referrals (18), 4 events (4), 3 one-to-ones with Bo (6), 2 visitors (6), and a
 *   thank-you of 12,345.00 given to Bo (12): 46, green. A referral 200 days ago is too old.
 * - Bo: 1 referral (3), 2 events (2), the 3 one-to-ones (6), 3 visitors (9): 20, amber.
 * - Cy: ten referrals, all 200 days ago: 0, red. The admin: nothing, red.
 */
async function fixture() {
  const admin = await createSignedInMember({ name: "Admin Person" });
  const ada = await createSignedInMember({ name: "Ada Obi" });
  const bo = await createSignedInMember({ name: "Bo Chen" });
  const cy = await createSignedInMember({ name: "Cy Dee" });
  const { currency } = await clubSettings();
  const events = [await createEvent(admin.id), await createEvent(admin.id), await createEvent(admin.id), await createEvent(admin.id)];

  for (const days of [3, 20, 40, 60, 90, 150]) await referral(ada, bo, daysAgo(days));
  await referral(ada, bo, daysAgo(200));
  await referral(bo, ada, daysAgo(10), { cents: 12_345_00, currency });
  for (const days of [5, 50, 100]) await oneToOne(ada, bo, daysAgo(days));
  for (const [index, eventId] of events.entries()) await checkIn(eventId, ada, daysAgo(7 + index * 7));
  await checkIn(events[0], bo, daysAgo(7));
  await checkIn(events[1], bo, daysAgo(14));
  await visitor(events[0], ada, daysAgo(7));
  await visitor(events[1], ada, daysAgo(14));
  for (const days of [7, 14, 21]) await visitor(events[0], bo, daysAgo(days));
  for (let index = 0; index < 10; index += 1) await referral(cy, ada, daysAgo(200));
  return { admin, ada, bo, cy };
}

describe("engagement lights", () => {
  test("points and lights from an activity, worked out by hand", () => {
    const activity = { eventsAttended: 4, referralsGiven: 6, oneToOnes: 3, visitors: 2, thanksGivenCents: 12_345_00 };
    const points = engagementPoints(activity, rules);
    expect(points.parts.map((part) => part.points)).toEqual([4, 18, 6, 6, 12]);
    // Each line reads as what it counts: the thank-yous in thousands of the club's currency.
    expect(points.parts.map((part) => part.label)).toEqual([
      "Events attended",
      "Referrals given",
      "One-to-ones",
      "Visitors brought",
      "Thank-yous given, in thousands",
    ]);
    expect(points.total).toBe(46);
    expect(lightOf(46, rules)).toBe("green");
    expect(lightOf(45, rules)).toBe("green");
    expect(lightOf(44, rules)).toBe("amber");
    expect(lightOf(20, rules)).toBe("amber");
    expect(lightOf(19, rules)).toBe("red");
    expect(engagementPoints({ ...activity, thanksGivenCents: 999_99 }, rules).total).toBe(34);
    expect(engagementPoints(activity, { ...rules, thanks: 0, referral: 5 }).total).toBe(4 + 30 + 6 + 6);
  });

  test("what would raise a light: the points missing and each activity's count alone", () => {
    expect(toRaise(0, rules)).toEqual({
      next: "amber",
      needed: 20,
      ways: ["20 events attended", "7 referrals given", "10 one-to-ones", "7 visitors brought"],
    });
    expect(toRaise(44, rules)).toEqual({ next: "green", needed: 1, ways: ["1 event attended", "1 referral given", "1 one-to-one", "1 visitor brought"] });
    expect(toRaise(45, rules)).toBeNull();
    expect(toRaise(0, { ...rules, attendance: 0, visitor: 0 })?.ways).toEqual(["7 referrals given", "10 one-to-ones"]);
  });

  test("the last six months, both ends included", () => {
    expect(lastSixMonths("2026-12-06")).toEqual({ from: "2026-06-07", to: "2026-12-06" });
    expect(lastSixMonths("2026-08-31")).toEqual({ from: "2026-03-01", to: "2026-08-31" });
    expect(lastSixMonths("2026-03-15")).toEqual({ from: "2025-09-16", to: "2026-03-15" });
  });

  test("each member's light from their last six months, and the admin's points", async () => {
    const { admin, ada, bo, cy } = await fixture();
    const { engagement } = await engagementOfMembers();
    expect(engagement.get(ada.id)).toMatchObject({ light: "green", total: 46 });
    expect(engagement.get(ada.id)!.parts.map((part) => [part.count, part.points])).toEqual([
      [4, 4],
      [6, 18],
      [3, 6],
      [2, 6],
      [12, 12],
    ]);
    expect(engagement.get(bo.id)).toMatchObject({ light: "amber", total: 20 });
    expect(engagement.get(cy.id)).toMatchObject({ light: "red", total: 0 });
    expect(engagement.get(admin.id)).toMatchObject({ light: "red", total: 0 });

    await saveEngagementRules({ ...rules, amberFrom: 21 });
    expect((await engagementOfMembers()).engagement.get(bo.id)).toMatchObject({ light: "red", total: 20 });
    await saveEngagementRules({ ...rules, visitor: 10 });
    // Ada: 46 - 6 + 20 = 60; Bo: 20 - 9 + 30 = 41.
    const raised = (await engagementOfMembers()).engagement;
    expect([raised.get(ada.id)!.total, raised.get(bo.id)!.total]).toEqual([60, 41]);
  });

  test("the admin's member list shows the lights and filters the reds; a member sees their own", async () => {
    const { admin, ada, bo, cy } = await fixture();
    type Listed = { members: { name: string; light: string | null }[]; total: number };
    const list = async (query: string, member: TestMember = admin) =>
      settle(() => membersLoader(routeArgs(getRequest(`/user/admin/members${query}`, member.cookie))));
    const all = (await (await list("")).json()) as Listed;
    expect(Object.fromEntries(all.members.map((member) => [member.name, member.light]))).toEqual({
      "Admin Person": "red",
      "Ada Obi": "green",
      "Bo Chen": "amber",
      "Cy Dee": "red",
    });
    const reds = (await (await list("?light=red")).json()) as Listed;
    expect(reds.members.map((member) => member.name).sort()).toEqual(["Admin Person", "Cy Dee"]);
    const searched = (await (await list("?light=red&q=cy")).json()) as Listed;
    expect(searched.members.map((member) => member.name)).toEqual(["Cy Dee"]);
    expect((await list("?light=red", ada)).status).toBe(404);

    type Own = { engagement: { light: string; total: number; raise: { next: string; needed: number } | null } };
    const own = async (member: TestMember) =>
      ((await (await settle(() => referralsLoader(routeArgs(getRequest("/user/referrals", member.cookie))))).json()) as Own).engagement;
    expect(await own(cy)).toMatchObject({ light: "red", total: 0, raise: { next: "amber", needed: 20 } });
    expect(await own(bo)).toMatchObject({ light: "amber", total: 20, raise: { next: "green", needed: 25 } });
    expect(await own(ada)).toMatchObject({ light: "green", raise: null });
  });

  test("the admin sets the points; a member gets 404; bad numbers are refused beside their field", async () => {
    const admin = await createSignedInMember({ name: "Admin Person" });
    const member = await createSignedInMember();
    const fields = { csrf: "x", attendance: "2", referral: "4", oneToOne: "3", visitor: "5", thanks: "0", greenFrom: "60", amberFrom: "30" };
    const save = (who: TestMember, values: Record<string, string>) =>
      settle(() => rulesAction(routeArgs(postRequest("/user/admin/engagement", values, who.cookie))));

    expect((await settle(() => rulesLoader(routeArgs(getRequest("/user/admin/engagement", member.cookie))))).status).toBe(404);
    expect((await save(member, fields)).status).toBe(404);
    expect(await engagementRules()).toEqual(DEFAULT_ENGAGEMENT);

    const refused = await save(admin, { ...fields, referral: "-1" });
    expect(refused.status).toBe(400);
    expect(await replyErrors(refused)).toMatchObject({ referral: ["Enter a whole number from 0 to 999 for a referral given."] });
    expect(await replyErrors(await save(admin, { ...fields, amberFrom: "60" }))).toMatchObject({ amberFrom: ["Amber must start below green."] });
    expect((await save(admin, fields)).status).toBe(302);
    expect(await engagementRules()).toEqual({ attendance: 2, referral: 4, oneToOne: 3, visitor: 5, thanks: 0, greenFrom: 60, amberFrom: 30 });
    const page = (await (await settle(() => rulesLoader(routeArgs(getRequest("/user/admin/engagement", admin.cookie))))).json()) as {
      defaults: Record<string, string>;
    };
    expect(page.defaults).toMatchObject({ referral: "4", amberFrom: "30" });
  });
});
