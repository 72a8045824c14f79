import { describe, expect, test } from "vitest";
import { db, nowIso } from "~/lib/db.server";
import { loader as exportLoader } from "~/routes/settings/user.settings.my-data[.]zip";
import { createEvent } from "./event-fixtures";
import { contactOf, createSignedInMember, getRequest, routeArgs, settle, type TestMember } from "./helpers";
import { unzip } from "./zip";

async function referralsOf(member: TestMember) {
  const response = await settle(() => exportLoader(routeArgs(getRequest("/user/settings/my-data.zip", member.cookie))));
  expect(response.status).toBe(200);
  const entries = await unzip(Buffer.from(await response.arrayBuffer()));
  expect(entries.get("README.txt")!.toString()).toContain("referrals/");
  return JSON.parse(entries.get("referrals/referrals.json")!.toString()) as {
    referrals_given: Record<string, unknown>[];
    referrals_received: Record<string, unknown>[];
    one_to_ones: Record<string, unknown>[];
    visitors_brought: Record<string, unknown>[];
  };
}

describe("referrals in the member's data export", () => {
  test("what the member gave and received, their one-to-ones with their own notes, their visitors; nothing of another's contacts or notes", async () => {
    const ada = await createSignedInMember({ name: "Ada Obi" });
    const bo = await createSignedInMember({ name: "Bo Chen" });
    const cy = await createSignedInMember({ name: "Cy Dee" });
    // Ada's contact book: only the name and the company she ticked go with the referral.
    await contactOf(ada, { name: "Grace Client", email: "grace-secret@example.com" });
    const now = nowIso();
    const referral = (giver: TestMember, receiver: TestMember, name: string) =>
      db
        .insertInto("referrals")
        .values({
          giver_id: giver.id,
          receiver_id: receiver.id,
          name,
          company: "Grace Ltd",
          email: null,
          phone: null,
          occupation: null,
          city: null,
          website: null,
          need: "A new roof",
          warmth: 4,
          own_need: 0,
          note: null,
          status: "closed",
          amount_cents: 2500_00,
          currency: "USD",
          reason: null,
          closed_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    const given = await referral(ada, bo, "Grace Client");
    await db
      .insertInto("referral_updates")
      .values({ referral_id: given.id, member_id: bo.id, status: "closed", amount_cents: 2500_00, currency: "USD", reason: null, created_at: now })
      .execute();
    await referral(bo, ada, "Hal Buyer");
    await referral(bo, cy, "Not Ada's");
    await db
      .insertInto("one_to_ones")
      .values({
        proposer_id: bo.id,
        partner_id: ada.id,
        met_on: now.slice(0, 10),
        place: "Cafe",
        status: "confirmed",
        proposer_note: "Bo's private note",
        partner_note: "Ada's own note",
        confirmed_at: now,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const eventId = await createEvent(bo.id, { title: "Breakfast" });
    await db
      .insertInto("visitors")
      .values({ event_id: eventId, brought_by_id: ada.id, name: "Vera Visitor", email: "vera@example.com", business: null, contact_id: null, created_at: now })
      .execute();
    await db
      .insertInto("visitors")
      .values({ event_id: eventId, brought_by_id: bo.id, name: "Bo's Visitor", email: null, business: null, contact_id: null, created_at: now })
      .execute();

    const data = await referralsOf(ada);
    expect(data.referrals_given).toMatchObject([
      { name: "Grace Client", company: "Grace Ltd", receiver_name: "Bo Chen", amount_cents: 2500_00, history: [{ status: "closed", amount_cents: 2500_00 }] },
    ]);
    expect(data.referrals_received).toMatchObject([{ name: "Hal Buyer", giver_name: "Bo Chen" }]);
    expect(data.one_to_ones).toEqual([expect.objectContaining({ with: "Bo Chen", proposed_by_me: false, my_note: "Ada's own note", place: "Cafe" })]);
    expect(data.visitors_brought).toMatchObject([{ name: "Vera Visitor", event_title: "Breakfast" }]);
    const text = JSON.stringify(data);
    expect(text).not.toContain("Bo's private note");
    expect(text).not.toContain("Not Ada's");
    expect(text).not.toContain("Bo's Visitor");

    // Bo's export: the received referral shows only what Ada passed on, never her contact's e-mail.
    const bos = JSON.stringify(await referralsOf(bo));
    expect(bos).toContain("Grace Client");
    expect(bos).not.toContain("grace-secret@example.com");
    expect(bos).not.toContain("Ada's own note");
  });
});
