import { describe, expect, test } from "vitest";
import { chapterReport, reportCsv, reportPeriod, sortReport } from "~/features/referrals/report.server";
import { db } from "~/lib/db.server";
import { forget } from "~/lib/remember.server";
import { loader as csvLoader } from "~/routes/referrals/user.referrals_.report[.]csv";
import { loader as reportLoader } from "~/routes/referrals/user.referrals_.report";
import { loader as printLoader } from "~/routes/referrals/user.referrals_.report_.print";
import { createEvent } from "./event-fixtures";
import { createSignedInMember, getRequest, routeArgs, settle, type TestMember } from "./helpers";

type Closed = { at: string; cents: number; currency: string };

async function referral(giver: TestMember, receiver: TestMember, created: string, { ownNeed = false, closed }: { ownNeed?: boolean; closed?: Closed } = {}) {
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
      own_need: ownNeed ? 1 : 0,
      note: null,
      status: closed ? "closed" : "contacted",
      amount_cents: closed?.cents ?? null,
      currency: closed?.currency ?? null,
      reason: null,
      closed_at: closed?.at ?? null,
      created_at: created,
      updated_at: created,
    })
    .execute();
}

async function oneToOne(a: TestMember, b: TestMember, metOn: string, status: "confirmed" | "proposed" | "declined" = "confirmed") {
  await db
    .insertInto("one_to_ones")
    .values({
      proposer_id: a.id,
      partner_id: b.id,
      met_on: metOn,
      place: null,
      status,
      proposer_note: null,
      partner_note: null,
      confirmed_at: null,
      created_at: `${metOn}T12:00:00.000Z`,
      updated_at: `${metOn}T12:00:00.000Z`,
    })
    .execute();
}

async function checkIn(eventId: number, holder: TestMember, at: string, type: "general" | "vip" = "general") {
  await db
    .insertInto("tickets")
    .values({
      event_id: eventId,
      ticket_type: type,
      code: `code-${holder.id}-${at}`,
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
 * Three members over three meeting weeks (UTC, Monday 16 Nov to Sunday 6 Dec 2026); the report
 * is asked for the middle week, 23–29 Nov. By hand, for that week:
 * - Ada gave Bo one outside and one inside referral and Cy one outside; Bo gave Ada one outside.
 *   (Ada's referrals of 22 Nov 23:59 and 30 Nov 00:00 fall outside the week.)
 * - Bo closed $1,000.00 with Ada's referral of the week before, and €50.00 with the inside one:
 *   Bo gave $1,000.00 + €50.00 of thanks, Ada received the same. Cy closed $200.00 of Ada's
 *   after the week: not counted.
 * - Confirmed one-to-ones: Ada–Bo (24 Nov) and Bo–Cy (29 Nov); a proposed and a declined one
 *   do not count. Ada 1, Bo 2, Cy 1; the chapter 2 meetings.
 * - Checked in: Ada at two events, Cy at one (two tickets at the same event count once); Bo's
 *   check-in of 30 Nov is the next week.
 * - Visitors: Ada brought one on 25 Nov (and one on 22 Nov, the week before), Cy one on 29 Nov;
 *   Bo's of 30 Nov is the next week. Ada 1, Cy 1, the chapter 2.
 */
async function fixture() {
  const admin = await createSignedInMember({ name: "Admin Person" });
  const ada = await createSignedInMember({ name: "Ada Obi" });
  const bo = await createSignedInMember({ name: "Bo Chen" });
  const cy = await createSignedInMember({ name: "Cy Dee" });

  await referral(ada, bo, "2026-11-17T10:00:00.000Z", { closed: { at: "2026-11-25T10:00:00.000Z", cents: 1_000_00, currency: "USD" } });
  await referral(ada, bo, "2026-11-22T23:59:59.000Z");
  await referral(ada, bo, "2026-11-23T00:00:00.000Z");
  await referral(ada, bo, "2026-11-24T09:00:00.000Z", { ownNeed: true, closed: { at: "2026-11-29T23:59:59.000Z", cents: 50_00, currency: "EUR" } });
  await referral(ada, cy, "2026-11-26T09:00:00.000Z", { closed: { at: "2026-11-30T00:00:00.000Z", cents: 200_00, currency: "USD" } });
  await referral(bo, ada, "2026-11-28T09:00:00.000Z");
  await referral(ada, cy, "2026-11-30T00:00:00.000Z");
  await referral(cy, ada, "2026-12-03T09:00:00.000Z");

  await oneToOne(ada, bo, "2026-11-24");
  await oneToOne(cy, bo, "2026-11-29");
  await oneToOne(ada, cy, "2026-11-25", "proposed");
  await oneToOne(cy, ada, "2026-11-26", "declined");
  await oneToOne(ada, bo, "2026-11-30");

  const mixer = await createEvent(admin.id);
  const dinner = await createEvent(admin.id, { title: "Dinner" });
  await checkIn(mixer, ada, "2026-11-25T19:00:00.000Z");
  await checkIn(dinner, ada, "2026-11-27T19:00:00.000Z");
  await checkIn(mixer, cy, "2026-11-25T19:00:00.000Z");
  await checkIn(mixer, cy, "2026-11-25T19:30:00.000Z", "vip");
  await checkIn(dinner, bo, "2026-11-30T19:00:00.000Z");
  await visitor(mixer, ada, "2026-11-25T19:10:00.000Z");
  await visitor(mixer, ada, "2026-11-22T19:10:00.000Z");
  await visitor(dinner, cy, "2026-11-29T23:00:00.000Z");
  await visitor(dinner, bo, "2026-11-30T19:00:00.000Z");
  return { admin, ada, bo, cy };
}

const WEEK = { from: "2026-11-23", to: "2026-11-29" };

describe("the chapter report", () => {
  test("its periods: the meeting week by default, the month, the quarter, or chosen dates", () => {
    const today = "2026-11-26";
    expect(reportPeriod(new URLSearchParams(), today)).toEqual({ kind: "week", period: WEEK });
    expect(reportPeriod(new URLSearchParams("period=month"), today)).toEqual({ kind: "month", period: { from: "2026-11-01", to: "2026-11-30" } });
    expect(reportPeriod(new URLSearchParams("period=quarter"), today)).toEqual({ kind: "quarter", period: { from: "2026-10-01", to: "2026-12-31" } });
    expect(reportPeriod(new URLSearchParams("period=quarter"), "2028-02-29")).toEqual({ kind: "quarter", period: { from: "2028-01-01", to: "2028-03-31" } });
    expect(reportPeriod(new URLSearchParams("period=dates&from=2026-01-05&to=2026-02-01"), today)).toEqual({
      kind: "dates",
      period: { from: "2026-01-05", to: "2026-02-01" },
    });
    expect(reportPeriod(new URLSearchParams("period=dates&from=2026-02-05&to=2026-02-01"), today)).toEqual({
      kind: "dates",
      error: "The first date must not be after the last.",
    });
    expect(reportPeriod(new URLSearchParams("period=dates&from=yesterday"), today)).toEqual({ kind: "dates", error: "Enter both dates as yyyy-mm-dd." });
    expect(reportPeriod(new URLSearchParams("period=dates&from=2020-01-01&to=2026-01-01"), today)).toEqual({
      kind: "dates",
      error: "Choose at most two years.",
    });
  });

  test("sums each member's week as computed by hand, and the chapter's totals", async () => {
    const { admin, ada, bo, cy } = await fixture();
    const report = await chapterReport(WEEK, "UTC");
    const line = (member: TestMember) => report.rows.find((row) => row.id === member.id);
    expect(line(ada)).toEqual({
      id: ada.id,
      name: "Ada Obi",
      givenInside: 1,
      givenOutside: 2,
      receivedInside: 0,
      receivedOutside: 1,
      oneToOnes: 1,
      visitors: 1,
      eventsAttended: 2,
      thanksGiven: [],
      thanksReceived: [
        { currency: "EUR", cents: 50_00 },
        { currency: "USD", cents: 1_000_00 },
      ],
    });
    expect(line(bo)).toEqual({
      id: bo.id,
      name: "Bo Chen",
      givenInside: 0,
      givenOutside: 1,
      receivedInside: 1,
      receivedOutside: 1,
      oneToOnes: 2,
      visitors: 0,
      eventsAttended: 0,
      thanksGiven: [
        { currency: "EUR", cents: 50_00 },
        { currency: "USD", cents: 1_000_00 },
      ],
      thanksReceived: [],
    });
    expect(line(cy)).toMatchObject({
      givenInside: 0,
      givenOutside: 0,
      receivedInside: 0,
      receivedOutside: 1,
      oneToOnes: 1,
      visitors: 1,
      eventsAttended: 1,
      thanksGiven: [],
      thanksReceived: [],
    });
    expect(line(admin)).toMatchObject({ givenOutside: 0, oneToOnes: 0, eventsAttended: 0 });
    expect(report.totals).toEqual({
      givenInside: 1,
      givenOutside: 3,
      receivedInside: 1,
      receivedOutside: 3,
      oneToOnes: 2,
      visitors: 2,
      eventsAttended: 3,
      thanksGiven: [
        { currency: "EUR", cents: 50_00 },
        { currency: "USD", cents: 1_000_00 },
      ],
      thanksReceived: [
        { currency: "EUR", cents: 50_00 },
        { currency: "USD", cents: 1_000_00 },
      ],
    });

    expect(sortReport(report.rows, "givenOutside", true, "USD").map((row) => row.name)).toEqual(["Ada Obi", "Bo Chen", "Admin Person", "Cy Dee"]);
    expect(sortReport(report.rows, "thanksReceived", true, "USD")[0].name).toBe("Ada Obi");
    expect(sortReport(report.rows, "name", true, "USD").map((row) => row.name)).toEqual(["Cy Dee", "Bo Chen", "Admin Person", "Ada Obi"]);

    const csv = reportCsv({ rows: sortReport(report.rows, "name", false, "USD"), totals: report.totals }).split("\r\n");
    expect(csv[0]).toBe(
      "Member,Given inside,Given outside,Received inside,Received outside,One-to-ones,Visitors,Events attended,Thank-you given (EUR),Thank-you given (USD),Thank-you received (EUR),Thank-you received (USD)",
    );
    expect(csv).toContain("Ada Obi,1,2,0,1,1,1,2,0.00,0.00,50.00,1000.00");
    expect(csv).toContain("Bo Chen,0,1,1,1,2,0,0,50.00,1000.00,0.00,0.00");
    expect(csv).toContain("Chapter total,1,3,1,3,2,2,3,50.00,1000.00,50.00,1000.00");
  });

  test("an admin sees every member's line; a member their own line and the chapter's totals", async () => {
    const { admin, ada } = await fixture();
    const page = async (member: TestMember, query = "?period=dates&from=2026-11-23&to=2026-11-29") =>
      (await (await settle(() => reportLoader(routeArgs(getRequest(`/user/referrals/report${query}`, member.cookie))))).json()) as {
        report: { rows: { name: string }[]; totals: { givenOutside: number } } | null;
        error: string | null;
      };
    const adminsView = await page(admin);
    expect(adminsView.report!.rows.map((row) => row.name)).toEqual(["Ada Obi", "Admin Person", "Bo Chen", "Cy Dee"]);
    const adasView = await page(ada);
    expect(adasView.report!.rows.map((row) => row.name)).toEqual(["Ada Obi"]);
    expect(adasView.report!.totals.givenOutside).toBe(3);
    expect(await page(ada, "?period=dates&from=2026-11-29&to=2026-11-23")).toMatchObject({ report: null, error: "The first date must not be after the last." });

    const csv = await settle(() => csvLoader(routeArgs(getRequest("/user/referrals/report.csv?period=dates&from=2026-11-23&to=2026-11-29", ada.cookie))));
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines.map((text) => text.split(",")[0])).toEqual(["Member", "Ada Obi", "Chapter total"]);
    expect((await settle(() => csvLoader(routeArgs(getRequest("/user/referrals/report.csv?period=dates&from=x", ada.cookie))))).status).toBe(400);

    const print = await settle(() =>
      printLoader(routeArgs(getRequest("/user/referrals/report/print?period=dates&from=2026-11-23&to=2026-11-29", admin.cookie))),
    );
    expect(((await print.json()) as { report: { rows: unknown[] } }).report.rows).toHaveLength(4);
    expect((await settle(() => reportLoader(routeArgs(getRequest("/user/referrals/report"))))).status).toBe(302);
  });

  test("takes its currency from the club's page, not the environment's default", async () => {
    const { admin } = await fixture();
    await db
      .insertInto("club_settings")
      .values({ id: 1, currency: "NGN", updated_at: new Date().toISOString() })
      .onConflict((conflict) => conflict.column("id").doUpdateSet({ currency: "NGN" }))
      .execute();
    forget("club-settings");
    const view = (await (await settle(() => reportLoader(routeArgs(getRequest("/user/referrals/report", admin.cookie))))).json()) as { currency: string };
    expect(view.currency).toBe("NGN");
  });
});
