import { describe, expect, test } from "vitest";
import { deleteAccount } from "~/features/account/delete-account.server";
import { db } from "~/lib/db.server";
import { listOutbox, sendMail } from "~/lib/mail.server";
import { createPayment } from "~/lib/payments/payments.server";
import { loader as adminHome } from "~/routes/admin/user.admin._index";
import { createSignedInMember, getRequest, routeArgs, settle, type TestMember } from "./helpers";

function open(who: TestMember) {
  return settle(() => adminHome(routeArgs(getRequest("/user/admin", who.cookie))));
}

function order(member: TestMember, provider: "bank_transfer" | "stripe" = "bank_transfer") {
  return createPayment({
    memberId: member.id,
    purpose: "membership",
    item: "elite",
    period: "monthly",
    description: "Chapter Elite — monthly",
    amountCents: 50_000,
    provider,
  });
}

describe("admin home", () => {
  test("lists the admin's sections with what waits in each: transfers to confirm, members, the ticker, the outbox, whether members can pay", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    const disabled = await createSignedInMember();
    await db.updateTable("users").set({ disabled_at: new Date().toISOString() }).where("id", "=", disabled.id).execute();
    // An account deleted: its placeholder ("A former member", disabled) is nobody's account.
    const leaving = await createSignedInMember();
    await deleteAccount(leaving.id);
    await order(member);
    await order(member);
    await order(member, "stripe");
    const paid = await order(member);
    await db.updateTable("payments").set({ status: "paid" }).where("id", "=", paid.id).execute();
    const now = Date.now();
    await db
      .insertInto("announcements")
      .values([
        {
          message: "AGM on Friday",
          starts_at: new Date(now - 60_000).toISOString(),
          ends_at: null,
          created_by: admin.id,
          created_at: new Date().toISOString(),
        },
        { message: "Later", starts_at: new Date(now + 86_400_000).toISOString(), ends_at: null, created_by: admin.id, created_at: new Date().toISOString() },
      ])
      .execute();
    await sendMail({ to: "ada@example.com", subject: "Welcome", text: "Hello" });

    const response = await open(admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      // No bank details on a fresh install: members cannot pay by transfer yet.
      paymentsOpen: false,
      members: { active: 2, disabled: 1 },
      // No activity in six months: both active members' lights are red.
      redLights: 2,
      pendingTransfers: 2,
      currentAnnouncements: 1,
      outboxMessages: (await listOutbox()).length,
    });
    expect((await listOutbox()).length).toBeGreaterThan(0);
  });

  test("a member gets 404, not the admin's page", async () => {
    await createSignedInMember();
    const member = await createSignedInMember();
    const response = await open(member);
    expect(response.status).toBe(404);
  });

  test("signed out, it asks to sign in", async () => {
    const response = await settle(() => adminHome(routeArgs(getRequest("/user/admin"))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/signin/);
  });
});
