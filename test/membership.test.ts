import { describe, expect, test, vi } from "vitest";

// Bank transfer (no Stripe keys) with the club's bank details configured: env() reads
// process.env once, on first use, so this runs before any app module is imported.
vi.hoisted(() => {
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_WEBHOOK_SECRET;
  delete process.env.PAYMENT_CURRENCY;
  process.env.BANK_ACCOUNT_NAME = "Chapter Club Ltd";
  process.env.BANK_NAME = "First Example Bank";
  process.env.BANK_IBAN = "GB33BUKB20201555555555";
  process.env.BANK_BIC = "BUKBGB22";
  process.env.BANK_INSTRUCTIONS = "Transfers usually take one working day.";
});

import {
  activateMembership,
  currentMembership,
  membershipsOf,
  periodEnd,
  REMINDER_DAYS_BEFORE_END,
  sendExpiryReminders,
  today,
} from "~/features/membership/membership.server";
import { PACKAGES, type PackageId, type Period, priceCents } from "~/features/membership/packages";
import { db } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { createPayment, paymentProvider, settlePayment } from "~/lib/payments/payments.server";
import * as payModule from "~/routes/membership/user.membership.pay";
import * as membershipModule from "~/routes/membership/user.membership";
import * as orderModule from "~/routes/membership/user.payments.$reference";
import * as webhookModule from "~/routes/membership/webhooks.stripe";
import { BASE, createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

const DAY = 86_400_000;

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** A paid membership payment (what a webhook or an admin's confirmation leaves behind). */
async function paidPayment(memberId: number, packageId: PackageId = "elite", period: Period = "monthly") {
  const payment = await createPayment({
    memberId,
    purpose: "membership",
    item: packageId,
    period,
    description: `Chapter ${packageId} — ${period}`,
    amountCents: priceCents(packageId, period),
    provider: "bank_transfer",
  });
  const paid = await settlePayment(payment.id, "paid");
  if (!paid) throw new Error("The payment was not pending");
  return paid;
}

/** A membership with the given dates (as if bought long ago, or queued after another). */
async function membershipOn(memberId: number, startsOn: string, endsOn: string, packageId: PackageId = "elite") {
  const payment = await paidPayment(memberId, packageId);
  await db
    .insertInto("memberships")
    .values({
      member_id: memberId,
      package: packageId,
      period: "monthly",
      starts_on: startsOn,
      ends_on: endsOn,
      payment_id: payment.id,
      reminder_sent_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
}

describe("periodEnd", () => {
  test.each([
    // A month from the 15th ends on the 14th of the next month.
    ["2025-03-15", "monthly", "2025-04-14"],
    ["2025-12-15", "monthly", "2026-01-14"],
    ["2025-01-01", "monthly", "2025-01-31"],
    ["2025-01-28", "monthly", "2025-02-27"],
    // From a day the next month does not have: to the end of that month, not into the next.
    ["2025-01-31", "monthly", "2025-02-28"],
    ["2025-01-30", "monthly", "2025-02-28"],
    ["2025-01-29", "monthly", "2025-02-28"],
    ["2024-01-31", "monthly", "2024-02-29"],
    ["2024-01-29", "monthly", "2024-02-28"],
    ["2025-03-31", "monthly", "2025-04-30"],
    ["2025-08-31", "monthly", "2025-09-30"],
    // A year.
    ["2025-03-15", "annual", "2026-03-14"],
    ["2025-01-01", "annual", "2025-12-31"],
    ["2024-02-28", "annual", "2025-02-27"],
    ["2024-02-29", "annual", "2025-02-28"],
    ["2024-03-01", "annual", "2025-02-28"],
    ["2023-03-01", "annual", "2024-02-29"],
  ] as const)("from %s, %s ends on %s", (start, period, end) => {
    expect(periodEnd(start, period)).toBe(end);
  });

  test("a month is never shorter than 28 days nor longer than 31, and ends before the next one starts", () => {
    for (let day = 0; day < 800; day += 1) {
      const start = addDays("2024-01-01", day);
      const end = periodEnd(start, "monthly");
      const length = (Date.parse(end) - Date.parse(start)) / DAY + 1;
      expect(length, start).toBeGreaterThanOrEqual(28);
      expect(length, start).toBeLessThanOrEqual(31);
      const annual = (Date.parse(periodEnd(start, "annual")) - Date.parse(start)) / DAY + 1;
      expect([365, 366], start).toContain(annual);
      // A later start never ends earlier.
      expect(end >= periodEnd(addDays(start, -1), "monthly"), start).toBe(true);
    }
  });
});

describe("activateMembership", () => {
  test("a first payment starts the membership today", async () => {
    const member = await createSignedInMember();
    const payment = await paidPayment(member.id, "millionaires", "annual");

    await activateMembership(payment);

    expect(await membershipsOf(member.id)).toEqual([
      expect.objectContaining({
        package: "millionaires",
        period: "annual",
        starts_on: today(),
        ends_on: periodEnd(today(), "annual"),
        payment_id: payment.id,
        reminder_sent_at: null,
      }),
    ]);
  });

  test("paying again extends from the day after the last paid day", async () => {
    const member = await createSignedInMember();
    await activateMembership(await paidPayment(member.id, "elite", "monthly"));
    await activateMembership(await paidPayment(member.id, "millionaires", "annual"));

    const [second, first] = await membershipsOf(member.id);
    expect(first).toMatchObject({ package: "elite", starts_on: today(), ends_on: periodEnd(today(), "monthly") });
    const next = addDays(first.ends_on, 1);
    expect(second).toMatchObject({ package: "millionaires", starts_on: next, ends_on: periodEnd(next, "annual") });
  });

  test("a membership ending today is extended from tomorrow", async () => {
    const member = await createSignedInMember();
    await membershipOn(member.id, addDays(today(), -30), today());
    const payment = await paidPayment(member.id);

    await activateMembership(payment);

    const [latest] = await membershipsOf(member.id);
    expect(latest).toMatchObject({ payment_id: payment.id, starts_on: addDays(today(), 1) });
  });

  test("after a membership has lapsed, a new one starts today (the gap is not charged)", async () => {
    const member = await createSignedInMember();
    await membershipOn(member.id, "2020-01-01", "2020-01-31");
    await membershipOn(member.id, addDays(today(), -31), addDays(today(), -1));
    const payment = await paidPayment(member.id);

    await activateMembership(payment);

    const [latest] = await membershipsOf(member.id);
    expect(latest).toMatchObject({ payment_id: payment.id, starts_on: today(), ends_on: periodEnd(today(), "monthly") });
  });

  test("another member's membership does not move the start", async () => {
    const other = await createSignedInMember();
    await activateMembership(await paidPayment(other.id, "elite", "annual"));
    const member = await createSignedInMember();

    await activateMembership(await paidPayment(member.id));

    expect((await membershipsOf(member.id))[0].starts_on).toBe(today());
  });

  test("is idempotent per payment, also when called twice at once", async () => {
    const member = await createSignedInMember();
    const payment = await paidPayment(member.id);
    await activateMembership(payment);
    await activateMembership(payment);
    expect(await membershipsOf(member.id)).toHaveLength(1);

    const other = await paidPayment(member.id);
    await Promise.all([activateMembership(other), activateMembership(other), activateMembership(other)]);
    const rows = await membershipsOf(member.id);
    expect(rows).toHaveLength(2);
    expect(rows.filter((row) => row.payment_id === other.id)).toHaveLength(1);
  });

  test("two payments confirmed at the same moment queue one after the other, without overlap", async () => {
    const member = await createSignedInMember();
    const payments = await Promise.all([paidPayment(member.id), paidPayment(member.id), paidPayment(member.id, "elite", "annual")]);

    await Promise.all(payments.map((payment) => activateMembership(payment)));

    const rows = (await membershipsOf(member.id)).reverse();
    expect(rows).toHaveLength(3);
    expect(rows[0].starts_on).toBe(today());
    for (let i = 1; i < rows.length; i += 1) expect(rows[i].starts_on).toBe(addDays(rows[i - 1].ends_on, 1));
  });
});

describe("currentMembership", () => {
  test("none before any payment", async () => {
    const member = await createSignedInMember();
    expect(await currentMembership(member.id)).toBeNull();
  });

  test("the membership in force, covered until its end", async () => {
    const member = await createSignedInMember();
    await activateMembership(await paidPayment(member.id, "elite_millionaires", "monthly"));
    expect(await currentMembership(member.id)).toMatchObject({
      package: "elite_millionaires",
      label: "Elite Millionaires",
      starts_on: today(),
      coveredUntil: periodEnd(today(), "monthly"),
    });
  });

  test("with an extension: the current package, covered until the end of the extension", async () => {
    const member = await createSignedInMember();
    await activateMembership(await paidPayment(member.id, "elite", "monthly"));
    await activateMembership(await paidPayment(member.id, "millionaires", "annual"));
    const firstEnd = periodEnd(today(), "monthly");
    const secondEnd = periodEnd(addDays(firstEnd, 1), "annual");

    expect(await currentMembership(member.id)).toMatchObject({ package: "elite", label: "Elite", coveredUntil: secondEnd });
    // The day after the first ends, the extension is the one in force.
    expect(await currentMembership(member.id, addDays(firstEnd, 1))).toMatchObject({ package: "millionaires", coveredUntil: secondEnd });
    expect(await currentMembership(member.id, addDays(secondEnd, 1))).toBeNull();
  });

  test("a membership that starts in the future is not current", async () => {
    const member = await createSignedInMember();
    await membershipOn(member.id, addDays(today(), 3), addDays(today(), 33));
    expect(await currentMembership(member.id)).toBeNull();
    expect(await currentMembership(member.id, addDays(today(), 3))).toMatchObject({ starts_on: addDays(today(), 3) });
  });

  test("an ended membership is not current", async () => {
    const member = await createSignedInMember();
    await membershipOn(member.id, addDays(today(), -31), addDays(today(), -1));
    expect(await currentMembership(member.id)).toBeNull();
  });

  test("the Membership page shows the member's own membership and payments only", async () => {
    const member = await createSignedInMember();
    const other = await createSignedInMember();
    await activateMembership(await paidPayment(member.id, "millionaires", "monthly"));
    await paidPayment(other.id, "elite", "annual");

    const response = await settle(() => membershipModule.loader(routeArgs(getRequest("/user/membership", member.cookie))));
    const data = (await response.json()) as { membership: { label: string } | null; payments: { description: string }[] };
    expect(data.membership).toMatchObject({ label: "Millionaires" });
    expect(data.payments).toHaveLength(1);
    expect(data.payments[0].description).toMatch(/millionaires/);

    const theirs = await settle(() => membershipModule.loader(routeArgs(getRequest("/user/membership", other.cookie))));
    expect(((await theirs.json()) as { membership: unknown }).membership).toBeNull();
  });
});

describe("sendExpiryReminders", () => {
  // A fixed "now", so that the windows do not depend on when the tests run.
  const NOW = new Date("2030-06-01T09:00:00Z");
  const on = (days: number) => addDays("2030-06-01", days);

  async function memberWithMembershipEnding(days: number, name?: string) {
    const member = await createSignedInMember(name ? { name } : {});
    await membershipOn(member.id, on(days - 29), on(days), "millionaires");
    return member;
  }

  async function mailsTo(member: TestMember) {
    return (await listOutbox()).filter((mail) => mail.to === member.email);
  }

  test("mails a member whose membership ends in 5 days, once", async () => {
    const member = await memberWithMembershipEnding(5, "Rita Renew");

    expect(await sendExpiryReminders(NOW)).toBe(1);

    const mails = await listOutbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: member.email, subject: "Your Chapter membership ends soon" });
    expect(mails[0].text).toContain("Hello Rita Renew,");
    expect(mails[0].text).toContain(`Your Millionaires membership ends on ${on(5)}.`);
    const [row] = await membershipsOf(member.id);
    expect(row.reminder_sent_at).not.toBeNull();

    // The next hourly run, and the ones after, send nothing more.
    expect(await sendExpiryReminders(NOW)).toBe(0);
    expect(await sendExpiryReminders(new Date(NOW.getTime() + 3 * DAY))).toBe(0);
    expect(await listOutbox()).toHaveLength(1);
  });

  test("does not mail a member whose membership ends in 10 days (yet)", async () => {
    const member = await memberWithMembershipEnding(10);
    expect(await sendExpiryReminders(NOW)).toBe(0);
    expect(await listOutbox()).toEqual([]);
    // Three days later it is within the week.
    expect(await sendExpiryReminders(new Date(NOW.getTime() + 3 * DAY))).toBe(1);
    expect(await mailsTo(member)).toHaveLength(1);
  });

  test("the window is the next 7 days, today and the 7th day included", async () => {
    const endingToday = await memberWithMembershipEnding(0);
    const endingOnDay7 = await memberWithMembershipEnding(REMINDER_DAYS_BEFORE_END);
    const endingOnDay8 = await memberWithMembershipEnding(REMINDER_DAYS_BEFORE_END + 1);
    const endedYesterday = await memberWithMembershipEnding(-1);

    expect(await sendExpiryReminders(NOW)).toBe(2);

    expect(await mailsTo(endingToday)).toHaveLength(1);
    expect(await mailsTo(endingOnDay7)).toHaveLength(1);
    expect(await mailsTo(endingOnDay8)).toEqual([]);
    expect(await mailsTo(endedYesterday)).toEqual([]);
  });

  test("does not mail a member who has already renewed", async () => {
    const member = await createSignedInMember();
    await membershipOn(member.id, on(-25), on(5));
    await membershipOn(member.id, on(6), on(35));

    expect(await sendExpiryReminders(NOW)).toBe(0);
    expect(await listOutbox()).toEqual([]);
  });

  test("another member's later membership does not silence the reminder", async () => {
    const member = await memberWithMembershipEnding(5);
    const other = await createSignedInMember();
    await membershipOn(other.id, on(-10), on(60));

    expect(await sendExpiryReminders(NOW)).toBe(1);
    expect(await mailsTo(member)).toHaveLength(1);
  });

  test("a renewal paid after the reminder does not bring another one", async () => {
    const member = await memberWithMembershipEnding(5);
    expect(await sendExpiryReminders(NOW)).toBe(1);
    await membershipOn(member.id, on(6), on(35));
    // A week before the renewal ends, it gets its own reminder, once.
    expect(await sendExpiryReminders(new Date(NOW.getTime() + 30 * DAY))).toBe(1);
    expect(await mailsTo(member)).toHaveLength(2);
  });

  test("does not mail a disabled member", async () => {
    const member = await memberWithMembershipEnding(5);
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", member.id).execute();
    expect(await sendExpiryReminders(NOW)).toBe(0);
  });

  test("two runs at once (two instances) send one mail in total", async () => {
    const member = await memberWithMembershipEnding(5);

    const counts = await Promise.all([sendExpiryReminders(NOW), sendExpiryReminders(NOW)]);

    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await mailsTo(member)).toHaveLength(1);
    expect(await listOutbox()).toHaveLength(1);
  });

  test("several members due: one mail each", async () => {
    const members = await Promise.all([memberWithMembershipEnding(1), memberWithMembershipEnding(2), memberWithMembershipEnding(3)]);
    const counts = await Promise.all([sendExpiryReminders(NOW), sendExpiryReminders(NOW), sendExpiryReminders(NOW)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    for (const member of members) expect(await mailsTo(member)).toHaveLength(1);
  });
});

describe("prices (SPEC.md §9)", () => {
  const table = [
    ["elite", "monthly", 60],
    ["elite", "annual", 500],
    ["millionaires", "monthly", 120],
    ["millionaires", "annual", 1000],
    ["elite_millionaires", "monthly", 500],
    ["elite_millionaires", "annual", 5000],
  ] as const;

  test("three packages, in order", () => {
    expect(PACKAGES.map((item) => [item.id, item.label])).toEqual([
      ["elite", "Elite"],
      ["millionaires", "Millionaires"],
      ["elite_millionaires", "Elite Millionaires"],
    ]);
  });

  test.each(table)("%s %s costs %i", async (packageId, period, units) => {
    expect(priceCents(packageId, period)).toBe(units * 100);

    // And that is what an order is created at, whatever the form sent.
    const member = await createSignedInMember();
    const response = await settle(() =>
      payModule.action(routeArgs(postRequest("/user/membership/pay", { package_type: packageId, MemberShip: period }, member.cookie))),
    );
    expect(response.status).toBe(302);
    const payment = await db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ item: packageId, period, amount_cents: units * 100, currency: "USD" });
  });
});

describe("paying by bank transfer (no Stripe keys)", () => {
  function pay(member: TestMember, fields: Record<string, string>) {
    return settle(() => payModule.action(routeArgs(postRequest("/user/membership/pay", fields, member.cookie))));
  }

  function orderPage(reference: string, cookie?: string) {
    return settle(() => orderModule.loader(routeArgs(getRequest(`/user/payments/${reference}`, cookie), { reference })));
  }

  test("bank transfer is the provider", () => {
    expect(paymentProvider().name).toBe("bank_transfer");
  });

  test("the purchase leads to the member's order page with a pending payment (no outside call)", async () => {
    const member = await createSignedInMember();

    const response = await pay(member, { package_type: "millionaires", MemberShip: "annual", amount: "1000" });

    const payment = await db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/payments/${payment.reference}`);
    expect(payment).toMatchObject({
      member_id: member.id,
      provider: "bank_transfer",
      provider_ref: null,
      status: "pending",
      amount_cents: 100000,
      item: "millionaires",
      period: "annual",
    });
    // Nothing is activated until an administrator sees the money arrive.
    expect(await currentMembership(member.id)).toBeNull();
  });

  test("a tampered amount is refused here too", async () => {
    const member = await createSignedInMember();
    const response = await pay(member, { package_type: "millionaires", MemberShip: "annual", amount: "10" });
    expect(response.status).toBe(400);
    expect(await db.selectFrom("payments").selectAll().execute()).toEqual([]);
  });

  test("the order page shows the amount, the reference and the club's bank details", async () => {
    const member = await createSignedInMember();
    await pay(member, { package_type: "elite", MemberShip: "annual" });
    const payment = await db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();

    const response = await orderPage(payment.reference, member.cookie);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      payment: expect.objectContaining({ reference: payment.reference, amount: "$500", status: "pending", provider: "bank_transfer" }),
      returned: null,
      bank: {
        accountName: "Chapter Club Ltd",
        bankName: "First Example Bank",
        iban: "GB33BUKB20201555555555",
        bic: "BUKBGB22",
        instructions: "Transfers usually take one working day.",
      },
      membership: null,
    });
  });

  test("another member's order is a 404, and so is a reference that does not exist", async () => {
    const owner = await createSignedInMember();
    const other = await createSignedInMember();
    await pay(owner, { package_type: "elite", MemberShip: "monthly" });
    const payment = await db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();

    expect((await orderPage(payment.reference, other.cookie)).status).toBe(404);
    expect((await orderPage("CH-NOSUCH22", owner.cookie)).status).toBe(404);
    expect((await orderPage(payment.reference, owner.cookie)).status).toBe(200);
  });

  test("signed out, the order page sends to sign in", async () => {
    const owner = await createSignedInMember();
    await pay(owner, { package_type: "elite", MemberShip: "monthly" });
    const payment = await db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    const response = await orderPage(payment.reference);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
  });

  test("once confirmed, the order shows paid and the membership", async () => {
    const member = await createSignedInMember();
    await pay(member, { package_type: "elite", MemberShip: "monthly" });
    const pending = await db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    const paid = await settlePayment(pending.id, "paid", member.id);
    await activateMembership(paid!);

    const data = (await (await orderPage(pending.reference, member.cookie)).json()) as Record<string, unknown>;
    expect(data).toMatchObject({ payment: { status: "paid" }, membership: { label: "Elite", coveredUntil: periodEnd(today(), "monthly") } });
  });

  test("without bank details configured, the order page has none to show", async () => {
    const saved = { ...process.env };
    for (const name of ["BANK_ACCOUNT_NAME", "BANK_NAME", "BANK_IBAN", "BANK_BIC", "BANK_INSTRUCTIONS"]) delete process.env[name];
    try {
      // env() is cached per module instance: a fresh copy of the route reads the new env.
      vi.resetModules();
      const fresh = await import("~/routes/membership/user.payments.$reference");
      const member = await createSignedInMember();
      await pay(member, { package_type: "elite", MemberShip: "monthly" });
      const payment = await db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
      const response = await settle(() =>
        fresh.loader(routeArgs(getRequest(`/user/payments/${payment.reference}`, member.cookie), { reference: payment.reference })),
      );
      expect(((await response.json()) as { bank: unknown }).bank).toEqual({
        accountName: null,
        bankName: null,
        iban: null,
        bic: null,
        instructions: null,
      });
    } finally {
      Object.assign(process.env, saved);
    }
  });

  test("the Stripe webhook is a 404 when card payments are not configured", async () => {
    const response = await settle(() =>
      webhookModule.action(routeArgs(new Request(`${BASE}/webhooks/stripe`, { method: "POST", body: "{}", headers: { "Stripe-Signature": "t=1,v1=00" } }))),
    );
    expect(response.status).toBe(404);
  });
});
