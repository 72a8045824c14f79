import { describe, expect, test, vi } from "vitest";

// Members pay by bank transfer: the club has an account (env() reads process.env on first use).
vi.hoisted(() => {
  process.env.BANK_IBAN = "GB33BUKB20201555555555";
});
import { cancelBankTransfer, confirmBankTransfer, csvField, decimalAmount, listPayments } from "~/features/payments/admin-payments.server";
import { currentMembership, periodEnd, today } from "~/features/membership/membership.server";
import { packageLabel, type PackageId, type Period, priceCents } from "~/features/membership/packages";
import type { PaymentProviderName, PaymentStatus } from "~/lib/db-schema";
import { db } from "~/lib/db.server";
import { createPayment, findPayment, settlePayment } from "~/lib/payments/payments.server";
import { action as cancel, loader as confirmCancel } from "~/routes/admin/user.admin.payments.$paymentId.cancel";
import { action as confirm, loader as confirmPaid } from "~/routes/admin/user.admin.payments.$paymentId.confirm";
import { loader as paymentsCsv } from "~/routes/admin/user.admin.payments[.]csv";
import { loader as payments } from "~/routes/admin/user.admin.payments";
import { loader as members } from "~/routes/admin/user.admin.members";
import { action as pay } from "~/routes/membership/user.membership.pay";
import { loader as home } from "~/routes/home/user._index";
import { createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";
import { formatDate } from "~/lib/format";

type Row = {
  id: number;
  reference: string;
  member_name: string;
  member_email: string;
  status: PaymentStatus;
  provider: PaymentProviderName;
  confirmed_by_name: string | null;
};
type Page = { payments: Row[]; total: number; page: number; pageCount: number; csvUrl: string; filters: Record<string, string> };

async function order(
  member: TestMember,
  { packageId = "elite", period = "monthly", provider = "bank_transfer" }: { packageId?: PackageId; period?: Period; provider?: PaymentProviderName } = {},
) {
  return createPayment({
    memberId: member.id,
    purpose: "membership",
    item: packageId,
    period,
    description: `Chapter ${packageLabel(packageId)} — ${period}`,
    amountCents: priceCents(packageId, period),
    provider,
  });
}

async function listAs(admin: TestMember, search = "") {
  const response = await settle(() => payments(routeArgs(getRequest(`/user/admin/payments${search}`, admin.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as Page;
}

function confirmAs(who: TestMember, paymentId: number | string, search = "") {
  const path = `/user/admin/payments/${paymentId}/confirm${search}`;
  return settle(() => confirm(routeArgs(postRequest(path, {}, who.cookie), { paymentId: String(paymentId) })));
}

function cancelAs(who: TestMember, paymentId: number | string, search = "") {
  const path = `/user/admin/payments/${paymentId}/cancel${search}`;
  return settle(() => cancel(routeArgs(postRequest(path, {}, who.cookie), { paymentId: String(paymentId) })));
}

function confirmPageAs(who: TestMember, paymentId: number | string) {
  const path = `/user/admin/payments/${paymentId}/confirm`;
  return settle(() => confirmPaid(routeArgs(getRequest(path, who.cookie), { paymentId: String(paymentId) })));
}

function cancelPageAs(who: TestMember, paymentId: number | string) {
  const path = `/user/admin/payments/${paymentId}/cancel`;
  return settle(() => confirmCancel(routeArgs(getRequest(path, who.cookie), { paymentId: String(paymentId) })));
}

function csvAs(who: TestMember, search = "") {
  return settle(() => paymentsCsv(routeArgs(getRequest(`/user/admin/payments.csv${search}`, who.cookie))));
}

function membershipCount(memberId: number) {
  return db
    .selectFrom("memberships")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("member_id", "=", memberId)
    .executeTakeFirstOrThrow()
    .then(({ count }) => Number(count));
}

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe("who may see and settle payments", () => {
  test("a plain member gets 404 from every admin payments route, and nothing changes", async () => {
    await createSignedInMember();
    const member = await createSignedInMember();
    const payment = await order(member);
    const other = await order(member);

    const answers = [
      await settle(() => payments(routeArgs(getRequest("/user/admin/payments", member.cookie)))),
      await csvAs(member),
      await confirmPageAs(member, payment.id),
      await confirmAs(member, payment.id),
      await cancelPageAs(member, other.id),
      await cancelAs(member, other.id),
    ];
    expect(answers.map((response) => response.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await findPayment({ id: payment.id }))?.status).toBe("pending");
    expect((await findPayment({ id: other.id }))?.status).toBe("pending");
    expect(await membershipCount(member.id)).toBe(0);
  });

  test("a visitor is sent to sign in", async () => {
    const response = await settle(() => payments(routeArgs(getRequest("/user/admin/payments?status=paid"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signin?redirectTo=%2Fuser%2Fadmin%2Fpayments%3Fstatus%3Dpaid");
    const csv = await settle(() => paymentsCsv(routeArgs(getRequest("/user/admin/payments.csv"))));
    expect(csv.status).toBe(302);
  });
});

describe("the payments list", () => {
  test("shows every payment with its member, newest first, filtered by status and provider", async () => {
    const admin = await createSignedInMember({ name: "Ada Admin" });
    const bea = await createSignedInMember({ name: "Bea Banker", email: "bea@example.com" });
    const carl = await createSignedInMember({ name: "Carl Card", email: "carl@cards.test" });
    const first = await order(bea);
    const second = await order(carl, { provider: "stripe", packageId: "millionaires", period: "annual" });
    const third = await order(bea, { period: "annual" });
    await settlePayment(third.id, "cancelled", admin.id);
    const dates = [
      [first.id, "2030-01-01T10:00:00.000Z"],
      [second.id, "2030-01-02T10:00:00.000Z"],
      [third.id, "2030-01-03T10:00:00.000Z"],
    ] as const;
    for (const [id, created_at] of dates) await db.updateTable("payments").set({ created_at }).where("id", "=", id).execute();

    const all = await listAs(admin);
    expect(all).toMatchObject({ total: 3, page: 1, pageCount: 1, csvUrl: "/user/admin/payments.csv" });
    expect(all.payments.map((p) => p.reference)).toEqual([third.reference, second.reference, first.reference]);
    expect(all.payments[0]).toMatchObject({ member_name: "Bea Banker", member_email: "bea@example.com", status: "cancelled", confirmed_by_name: "Ada Admin" });
    expect(all.payments[1]).toMatchObject({ member_name: "Carl Card", provider: "stripe", status: "pending", confirmed_by_name: null });

    const references = async (search: string) => (await listAs(admin, search)).payments.map((p) => p.reference);
    expect(await references("?status=pending")).toEqual([second.reference, first.reference]);
    expect(await references("?status=cancelled")).toEqual([third.reference]);
    expect(await references("?provider=stripe")).toEqual([second.reference]);
    expect(await references("?provider=bank_transfer&status=pending")).toEqual([first.reference]);
    expect(await references("?status=paid")).toEqual([]);
    expect(await references("?purpose=membership")).toHaveLength(3);
    expect(await references("?purpose=tickets")).toEqual([]);
    // Values that are not ours are ignored, never an error.
    expect(await references("?status=refunded&provider=paypal&page=x")).toHaveLength(3);

    const filtered = await listAs(admin, "?status=pending&provider=stripe&q=carl");
    expect(filtered.filters).toEqual({ status: "pending", provider: "stripe", q: "carl" });
    expect(filtered.csvUrl).toBe("/user/admin/payments.csv?status=pending&provider=stripe&q=carl");
  });

  test("searches references, names and e-mails whatever the case, with % and _ taken literally", async () => {
    const admin = await createSignedInMember({ name: "Ada Admin" });
    const bea = await createSignedInMember({ name: "Bea Banker", email: "bea@example.com" });
    const dan = await createSignedInMember({ name: "Dan 100% Sure", email: "dan_x@builders.test" });
    const beas = await order(bea);
    const dans = await order(dan);

    const references = async (q: string) => (await listAs(admin, `?q=${encodeURIComponent(q)}`)).payments.map((p) => p.reference).sort();
    expect(await references(beas.reference.toLowerCase())).toEqual([beas.reference]);
    expect(await references(dans.reference.slice(3))).toEqual([dans.reference]);
    expect(await references("BANKER")).toEqual([beas.reference]);
    expect(await references("bEa@EXAMPLE.com")).toEqual([beas.reference]);
    expect(await references("Builders.TEST")).toEqual([dans.reference]);
    expect(await references("  sure  ")).toEqual([dans.reference]);
    expect(await references("%")).toEqual([dans.reference]);
    expect(await references("_")).toEqual([dans.reference]);
    expect(await references("ch-")).toEqual([beas.reference, dans.reference].sort());
    expect(await references("nobody")).toEqual([]);
  });

  test("pages by 25, keeping the filters", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    const made = [];
    for (let i = 0; i < 30; i++) made.push(await order(member));
    const start = Date.UTC(2030, 0, 1);
    for (const [i, payment] of made.entries()) {
      await db
        .updateTable("payments")
        .set({ created_at: new Date(start + i * 60_000).toISOString() })
        .where("id", "=", payment.id)
        .execute();
    }
    const first = await listAs(admin, "?status=pending");
    expect(first).toMatchObject({ total: 30, page: 1, pageCount: 2 });
    expect(first.payments).toHaveLength(25);
    expect(first.payments[0].reference).toBe(made[29].reference);
    const second = await listAs(admin, "?status=pending&page=2");
    expect(second.payments.map((p) => p.reference)).toEqual(
      made
        .slice(0, 5)
        .reverse()
        .map((p) => p.reference),
    );
    expect((await listAs(admin, "?page=9")).page).toBe(2);
    expect((await listAs(admin, "?page=0")).page).toBe(1);
    expect(await listPayments({ q: "nobody", page: 4 })).toMatchObject({ total: 0, page: 1, pageCount: 1, payments: [] });
  });
});

describe("confirming a bank transfer", () => {
  test("marks it paid, starts the membership, and a second confirmed payment extends it", async () => {
    const admin = await createSignedInMember({ name: "Ada Admin" });
    const member = await createSignedInMember({ name: "Mia Member" });

    // The member orders through the membership dialog (no Stripe keys: a bank transfer).
    const ordered = await settle(() =>
      pay(routeArgs(postRequest("/user/membership/pay", { package_type: "elite", MemberShip: "annual", amount: "500" }, member.cookie))),
    );
    expect(ordered.status).toBe(302);
    const reference = ordered.headers.get("Location")!.replace("/user/payments/", "");
    const payment = (await findPayment({ reference }))!;
    expect(payment).toMatchObject({ provider: "bank_transfer", status: "pending", amount_cents: 50_000 });

    const dialog = await confirmPageAs(admin, payment.id);
    expect(dialog.status).toBe(200);
    expect(await dialog.json()).toEqual({
      reference,
      description: payment.description,
      amount: "$500",
      memberName: "Mia Member",
      memberEmail: member.email,
      paidUntil: null,
    });

    const response = await confirmAs(admin, payment.id, "?status=pending&q=mia");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/admin/payments?status=pending&q=mia");
    const annualEnd = periodEnd(today(), "annual");
    expect(await flashOf(response)).toEqual({
      type: "success",
      message: `Order ${reference} is marked paid. The Elite membership is paid until ${formatDate(annualEnd)}.`,
    });

    const paid = (await findPayment({ id: payment.id }))!;
    expect(paid).toMatchObject({ status: "paid", confirmed_by: admin.id, cancelled_at: null });
    expect(paid.paid_at).not.toBeNull();
    expect(await currentMembership(member.id)).toMatchObject({
      package: "elite",
      period: "annual",
      starts_on: today(),
      ends_on: annualEnd,
      coveredUntil: annualEnd,
      payment_id: payment.id,
      label: "Elite",
    });

    // Renewing: the next period starts the day after the paid one ends.
    const renewal = await order(member, { packageId: "millionaires", period: "monthly" });
    const renewalDialog = await confirmPageAs(admin, renewal.id);
    expect(((await renewalDialog.json()) as { paidUntil: string }).paidUntil).toBe(annualEnd);
    expect((await confirmAs(admin, renewal.id)).status).toBe(302);
    const renewedFrom = addDays(annualEnd, 1);
    const rows = await db.selectFrom("memberships").selectAll().where("member_id", "=", member.id).orderBy("starts_on").execute();
    expect(rows.map((row) => [row.package, row.starts_on, row.ends_on, row.payment_id])).toEqual([
      ["elite", today(), annualEnd, payment.id],
      ["millionaires", renewedFrom, periodEnd(renewedFrom, "monthly"), renewal.id],
    ]);
    expect(await currentMembership(member.id)).toMatchObject({ package: "elite", coveredUntil: periodEnd(renewedFrom, "monthly") });

    const listed = await listAs(admin, `?q=${reference}`);
    expect(listed.payments).toEqual([expect.objectContaining({ reference, status: "paid", confirmed_by_name: "Ada Admin" })]);
  });

  test("confirming twice changes nothing the second time", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    const payment = await order(member);
    expect((await confirmAs(admin, payment.id)).status).toBe(302);
    const once = (await findPayment({ id: payment.id }))!;
    const membership = await currentMembership(member.id);

    const again = await confirmAs(admin, payment.id);
    expect(again.status).toBe(400);
    expect(await again.text()).toBe(`Order ${payment.reference} is already paid.`);
    expect((await confirmPageAs(admin, payment.id)).status).toBe(400);
    // Nor can a paid order be cancelled.
    const cancelled = await cancelAs(admin, payment.id);
    expect(cancelled.status).toBe(400);
    expect(await cancelled.text()).toBe(`Order ${payment.reference} is already paid.`);

    expect(await findPayment({ id: payment.id })).toEqual(once);
    expect(await membershipCount(member.id)).toBe(1);
    expect(await currentMembership(member.id)).toEqual(membership);
  });

  test("two admins confirming at once start one membership", async () => {
    const admin = await createSignedInMember();
    const second = await createSignedInMember();
    await db.updateTable("users").set({ role: "admin" }).where("id", "=", second.id).execute();
    const member = await createSignedInMember();
    const payment = await order(member);
    const answers = await Promise.all([confirmAs(admin, payment.id), confirmAs(second, payment.id)]);
    expect(answers.map((response) => response.status).sort()).toEqual([302, 400]);
    expect(await membershipCount(member.id)).toBe(1);
  });

  test("a card payment cannot be confirmed or cancelled by an admin", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    const card = await order(member, { provider: "stripe" });
    const message = "This is a card payment: the card payment service confirms or cancels it, not an admin.";
    for (const response of [
      await confirmPageAs(admin, card.id),
      await confirmAs(admin, card.id),
      await cancelPageAs(admin, card.id),
      await cancelAs(admin, card.id),
    ]) {
      expect(response.status).toBe(400);
      expect(await response.text()).toBe(message);
    }
    // The rule holds below the routes too.
    expect(await confirmBankTransfer(card.id, admin.id)).toEqual({ ok: false, status: 400, message });
    expect(await cancelBankTransfer(card.id, admin.id)).toEqual({ ok: false, status: 400, message });
    expect((await findPayment({ id: card.id }))?.status).toBe("pending");
    expect(await membershipCount(member.id)).toBe(0);
    // And the list offers no Mark paid for it: it is not a pending bank transfer.
    expect((await listAs(admin)).payments[0]).toMatchObject({ provider: "stripe", status: "pending" });
  });

  test.each(["0", "abc", "1.5", "-1", "99999999999", "424242"])("answers 404, not 500, for the payment %j", async (paymentId) => {
    const admin = await createSignedInMember();
    expect((await confirmPageAs(admin, paymentId)).status).toBe(404);
    expect((await confirmAs(admin, paymentId)).status).toBe(404);
    expect((await cancelPageAs(admin, paymentId)).status).toBe(404);
    expect((await cancelAs(admin, paymentId)).status).toBe(404);
  });
});

describe("cancelling a bank transfer order", () => {
  test("cancels it for good: no membership, and it cannot be confirmed afterwards", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember({ name: "Cy Cancel" });
    const payment = await order(member);

    const dialog = await cancelPageAs(admin, payment.id);
    expect(dialog.status).toBe(200);
    expect(await dialog.json()).toMatchObject({ reference: payment.reference, memberName: "Cy Cancel", amount: "$60" });

    const response = await cancelAs(admin, payment.id, "?q=cy");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/admin/payments?q=cy");
    expect(await flashOf(response)).toEqual({ type: "success", message: `Order ${payment.reference} is cancelled.` });
    const cancelled = (await findPayment({ id: payment.id }))!;
    expect(cancelled).toMatchObject({ status: "cancelled", confirmed_by: admin.id, paid_at: null });
    expect(cancelled.cancelled_at).not.toBeNull();

    const confirmed = await confirmAs(admin, payment.id);
    expect(confirmed.status).toBe(400);
    expect(await confirmed.text()).toBe(`Order ${payment.reference} is cancelled; it can no longer be paid or cancelled.`);
    expect((await cancelAs(admin, payment.id)).status).toBe(400);
    expect((await findPayment({ id: payment.id }))?.status).toBe("cancelled");
    expect(await membershipCount(member.id)).toBe(0);
    expect(await currentMembership(member.id)).toBeNull();
  });
});

describe("the CSV export", () => {
  test("is a dated attachment with one quoted, formula-safe row per payment matching the filters", async () => {
    const admin = await createSignedInMember({ name: "Ada Admin" });
    const tricky = await createSignedInMember({ name: '=HYPERLINK("http://evil.example","Click, me")', email: "tricky@example.com" });
    const plain = await createSignedInMember({ name: "Pat Plain", email: "pat@example.com" });
    const paid = await order(tricky, { period: "annual" });
    await confirmAs(admin, paid.id);
    const card = await order(plain, { provider: "stripe", packageId: "elite_millionaires", period: "monthly" });
    await db.updateTable("payments").set({ provider_ref: "cs_test_123", created_at: "2099-01-01T00:00:00.000Z" }).where("id", "=", card.id).execute();
    const settled = (await findPayment({ id: paid.id }))!;

    const response = await csvAs(admin);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="chapter-payments-${new Date().toISOString().slice(0, 10)}.csv"`);
    const text = await response.text();
    expect(text.split("\r\n")).toEqual([
      "reference,created_at,paid_at,cancelled_at,status,provider,member_name,member_email,purpose,item,period,amount,currency,provider_ref",
      `${card.reference},2099-01-01T00:00:00.000Z,,,pending,stripe,Pat Plain,pat@example.com,membership,elite_millionaires,monthly,500.00,USD,cs_test_123`,
      `${paid.reference},${paid.created_at},${settled.paid_at},,paid,bank_transfer,"'=HYPERLINK(""http://evil.example"",""Click, me"")",tricky@example.com,membership,elite,annual,500.00,USD,`,
      "",
    ]);

    const onlyPaid = await (await csvAs(admin, "?status=paid&q=TRICKY")).text();
    expect(onlyPaid.trim().split("\r\n")).toHaveLength(2);
    expect(onlyPaid).toContain(paid.reference);
    expect(await (await csvAs(admin, "?provider=stripe&status=paid")).text()).toBe(
      `${[
        "reference",
        "created_at",
        "paid_at",
        "cancelled_at",
        "status",
        "provider",
        "member_name",
        "member_email",
        "purpose",
        "item",
        "period",
        "amount",
        "currency",
        "provider_ref",
      ].join(",")}\r\n`,
    );
  });

  test("guards every cell against formulas and quotes what RFC 4180 asks", () => {
    expect(csvField("=1+1")).toBe("'=1+1");
    expect(csvField("+31 6 1234")).toBe("'+31 6 1234");
    expect(csvField("-2")).toBe("'-2");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("\tTab")).toBe("'\tTab");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("=a,b")).toBe(`"'=a,b"`);
    expect(csvField("Ada = admin")).toBe("Ada = admin");
    expect(csvField(null)).toBe("");
    expect(csvField(42)).toBe("42");
    expect(decimalAmount(50_000)).toBe("500.00");
    expect(decimalAmount(6_005)).toBe("60.05");
    expect(decimalAmount(7)).toBe("0.07");
  });

  test("streams every row of a long export once, in order", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember({ name: "Many Orders" });
    const now = new Date().toISOString();
    // More than two batches, the first boundary inside a run of payments made at the same
    // instant, so that paging must break ties by id.
    const rows = Array.from({ length: 1_234 }, (_, i) => ({
      member_id: member.id,
      purpose: "membership",
      item: "elite",
      period: "monthly",
      description: "Chapter Elite — monthly",
      amount_cents: 6_000,
      currency: "USD",
      provider: "bank_transfer" as const,
      provider_ref: null,
      reference: `CH-T${String(i).padStart(7, "0")}`,
      status: "pending" as const,
      created_at: i % 2 === 0 ? "2030-05-05T05:05:05.000Z" : new Date(Date.UTC(2030, 0, 1) + i * 1000).toISOString(),
      updated_at: now,
      paid_at: null,
      cancelled_at: null,
      confirmed_by: null,
    }));
    for (let i = 0; i < rows.length; i += 400)
      await db
        .insertInto("payments")
        .values(rows.slice(i, i + 400))
        .execute();

    const lines = (await (await csvAs(admin)).text()).trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(1_234);
    const references = lines.map((line) => line.split(",")[0]);
    expect(new Set(references).size).toBe(1_234);
    const expected = rows
      .map((row, id) => ({ ...row, id }))
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((row) => row.reference);
    expect(references).toEqual(expected);
  });
});

describe("the membership badge", () => {
  test("shows the package on the member's home page and in the admin's members list", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember({ name: "Bo Badge" });
    const other = await createSignedInMember({ name: "No Badge" });

    const homeOf = async (who: TestMember) => {
      const response = await settle(() => home(routeArgs(getRequest("/user", who.cookie))));
      expect(response.status).toBe(200);
      return (await response.json()) as { membership: { label: string; coveredUntil: string } | null };
    };
    const badges = async () => {
      const response = await settle(() => members(routeArgs(getRequest("/user/admin/members", admin.cookie))));
      const page = (await response.json()) as { members: { name: string; membership: string | null }[] };
      return Object.fromEntries(page.members.map((row) => [row.name, row.membership]));
    };

    expect((await homeOf(member)).membership).toBeNull();
    expect((await badges())["Bo Badge"]).toBeNull();

    const payment = await order(member, { packageId: "elite_millionaires", period: "monthly" });
    // Pending is not paid: no badge yet.
    expect((await homeOf(member)).membership).toBeNull();
    await confirmAs(admin, payment.id);

    expect((await homeOf(member)).membership).toEqual({ label: "Elite Millionaires", coveredUntil: periodEnd(today(), "monthly") });
    expect((await homeOf(other)).membership).toBeNull();
    expect(await badges()).toMatchObject({ "Bo Badge": "Elite Millionaires", "No Badge": null });

    // An ended membership shows no badge.
    await db.updateTable("memberships").set({ starts_on: "2020-01-01", ends_on: "2020-01-31" }).where("member_id", "=", member.id).execute();
    expect((await homeOf(member)).membership).toBeNull();
    expect((await badges())["Bo Badge"]).toBeNull();
  });
});
