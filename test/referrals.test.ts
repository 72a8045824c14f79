import { describe, expect, test } from "vitest";
import { deleteAccount } from "~/features/account/delete-account.server";
import { canMove, nextStatuses } from "~/features/referrals/constants";
import { instantsOf, weekOf } from "~/features/referrals/periods";
import { homeReferrals } from "~/features/referrals/home.server";
import { loader as homeLoader } from "~/routes/home/user._index";
import { db } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { action as giveAction, loader as giveLoader } from "~/routes/referrals/user.referrals.give";
import { loader as listLoader } from "~/routes/referrals/user.referrals";
import { action as pageAction, loader as pageLoader } from "~/routes/referrals/user.referrals_.$referralId";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

const NEED = { need: "A new office fit-out before March", warmth: "4" };

async function contactWithEverything(owner: TestMember) {
  const now = new Date().toISOString();
  const { id } = await db
    .insertInto("contacts")
    .values({
      owner_id: owner.id,
      name: "Grace Hopper",
      email: "grace@example.com",
      phone: "+14165550199",
      company: "Hopper Builds",
      occupation: "Director",
      city: "Lagos",
      website: "https://hopper.example",
      meet_place: "Golf club",
      business_description: "Secret plans",
      is_important: 1,
      created_at: now,
      updated_at: now,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

function give(member: TestMember, fields: Record<string, string> | [string, string][], query = "") {
  const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields));
  body.set("csrf", "x");
  const request = new Request(`http://chapter.test/user/referrals/give${query}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: member.cookie },
  });
  return settle(() => giveAction(routeArgs(request)));
}

async function given(member: TestMember, fields: Record<string, string> | [string, string][]) {
  const response = await give(member, fields);
  expect(response.status, await response.clone().text()).toBe(302);
  const row = await db.selectFrom("referrals").selectAll().where("giver_id", "=", member.id).orderBy("id", "desc").executeTakeFirstOrThrow();
  return row;
}

function move(member: TestMember, id: number, fields: Record<string, string>) {
  return settle(() => pageAction(routeArgs(postRequest(`/user/referrals/${id}`, { csrf: "x", ...fields }, member.cookie), { referralId: String(id) })));
}

function page(member: TestMember, id: number) {
  return settle(() => pageLoader(routeArgs(getRequest(`/user/referrals/${id}`, member.cookie), { referralId: String(id) })));
}

describe("referral statuses", () => {
  test("move forward only, may skip a step, and stop once ended", () => {
    expect(nextStatuses("new")).toEqual(["contacted", "meeting_set", "closed", "no_business"]);
    expect(nextStatuses("contacted")).toEqual(["meeting_set", "closed", "no_business"]);
    expect(nextStatuses("meeting_set")).toEqual(["closed", "no_business"]);
    expect(nextStatuses("closed")).toEqual([]);
    expect(nextStatuses("no_business")).toEqual([]);
    expect(canMove("new", "closed")).toBe(true);
    expect(canMove("meeting_set", "contacted")).toBe(false);
    expect(canMove("contacted", "contacted")).toBe(false);
    expect(canMove("closed", "no_business")).toBe(false);
    expect(canMove("no_business", "contacted")).toBe(false);
  });
});

describe("giving a referral", () => {
  test("from a contact passes on the name and only the fields ticked, and tells the receiver in the app and by e-mail", async () => {
    const ada = await createSignedInMember({ name: "Ada Obi" });
    const bo = await createSignedInMember({ name: "Bo Chen" });
    const contactId = await contactWithEverything(ada);

    const dialog = await settle(() => giveLoader(routeArgs(getRequest(`/user/referrals/give?to=${bo.id}&contact=${contactId}`, ada.cookie))));
    expect(dialog.status).toBe(200);
    const data = (await dialog.json()) as { receiver: { name: string }; contact: { name: string; fields: { name: string }[] } };
    expect(data.receiver.name).toBe("Bo Chen");
    expect(data.contact.fields.map((field) => field.name)).toEqual(["company", "occupation", "email", "phone", "city", "website"]);

    const response = await give(
      ada,
      [
        ["receiver_id", String(bo.id)],
        ["contact_id", String(contactId)],
        ["copy", "company"],
        ["copy", "phone"],
        ["name", "Typed names are ignored for a contact"],
        ["need", NEED.need],
        ["warmth", "4"],
        ["own_need", "1"],
        ["note", "Call her in the morning."],
      ],
      `?to=${bo.id}&contact=${contactId}&back=%2Fuser%2Fmembers%2F${bo.id}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/user/members/${bo.id}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Your referral went to Bo Chen." });
    const row = await db.selectFrom("referrals").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      giver_id: ada.id,
      receiver_id: bo.id,
      name: "Grace Hopper",
      company: "Hopper Builds",
      phone: "+14165550199",
      email: null,
      occupation: null,
      city: null,
      website: null,
      need: NEED.need,
      warmth: 4,
      own_need: 1,
      note: "Call her in the morning.",
      status: "new",
    });

    const notification = await db.selectFrom("notifications").selectAll().where("member_id", "=", bo.id).executeTakeFirstOrThrow();
    expect(notification).toMatchObject({
      kind: "referral_received",
      message: "Ada Obi gave you a referral: Grace Hopper.",
      link_url: `/user/referrals/${row.id}`,
    });
    const mail = (await listOutbox()).find((message) => message.to === bo.email);
    expect(mail?.subject).toBe("A referral from Ada Obi");
    expect(mail?.text).toContain(`/user/referrals/${row.id}`);

    // The receiver sees what was passed on, nothing more of the giver's contact.
    const seen = (await (await page(bo, row.id)).json()) as { referral: Record<string, unknown> };
    expect(JSON.stringify(seen)).not.toMatch(/Golf club|Secret plans|grace@example.com|Director/);
    expect(seen.referral).toMatchObject({ name: "Grace Hopper", company: "Hopper Builds", role: "receiver", giver_name: "Ada Obi" });
  });

  test("typed in; bad input is answered beside each field and nothing is stored", async () => {
    const ada = await createSignedInMember({ name: "Ada Obi" });
    const bo = await createSignedInMember({ name: "Bo Chen" });

    const bad = await give(ada, { receiver_id: "", need: " ", warmth: "9", email: "not-an-address", website: "not a site" });
    expect(bad.status).toBe(400);
    expect(await replyErrors(bad)).toEqual({
      receiver_id: ["Choose the member you refer to."],
      need: ["Say what they need."],
      warmth: ["Choose how warm it is."],
      email: ["Please provide a valid email address."],
      website: ["Enter a web address, for example example.com."],
    });
    expect(await replyErrors(await give(ada, { receiver_id: String(bo.id), ...NEED }))).toEqual({
      name: ["Enter the name of the person or company you refer."],
    });
    expect(await replyErrors(await give(ada, { receiver_id: String(ada.id), name: "Me", ...NEED }))).toEqual({
      receiver_id: ["Choose the member you refer to."],
    });
    expect(await db.selectFrom("referrals").select("id").execute()).toHaveLength(0);

    const row = await given(ada, { receiver_id: String(bo.id), name: "Kola Ade", company: "Ade Farms", email: "KOLA@example.com", ...NEED });
    expect(row).toMatchObject({ name: "Kola Ade", company: "Ade Farms", email: "kola@example.com", own_need: 0, note: null, warmth: 4 });
  });

  test("another member's contact cannot be referred, nor opened in the dialog", async () => {
    const ada = await createSignedInMember();
    const bo = await createSignedInMember();
    const eve = await createSignedInMember();
    const contactId = await contactWithEverything(ada);
    const dialog = await settle(() => giveLoader(routeArgs(getRequest(`/user/referrals/give?contact=${contactId}`, eve.cookie))));
    expect(dialog.status).toBe(404);
    const response = await give(eve, { receiver_id: String(bo.id), contact_id: String(contactId), copy: "email", ...NEED });
    expect(await replyErrors(response)).toEqual({ contact_id: ["Choose one of your contacts, or type the person in."] });
    expect(await db.selectFrom("referrals").select("id").execute()).toHaveLength(0);
  });

  test("the dialog finds members and the giver's own contacts by name", async () => {
    const ada = await createSignedInMember({ name: "Ada Obi" });
    await createSignedInMember({ name: "Bola Tinubu" });
    const other = await createSignedInMember({ name: "Other" });
    await contactWithEverything(ada);
    await contactWithEverything(other);
    const response = await settle(() => giveLoader(routeArgs(getRequest("/user/referrals/give?member_q=bol&contact_q=grace", ada.cookie))));
    const data = (await response.json()) as { members: { name: string }[]; contacts: { name: string }[] };
    expect(data.members.map((member) => member.name)).toEqual(["Bola Tinubu"]);
    expect(data.contacts).toHaveLength(1);
  });
});

describe("following a referral up", () => {
  test("the receiver moves it to business closed with an amount; the giver is told and sees the thank-you", async () => {
    const ada = await createSignedInMember({ name: "Ada Obi" });
    const bo = await createSignedInMember({ name: "Bo Chen" });
    const referral = await given(ada, { receiver_id: String(bo.id), name: "Kola Ade", ...NEED });

    let response = await move(bo, referral.id, { status: "contacted" });
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Kola Ade is now contacted. Ada Obi has been told." });
    const told = await db.selectFrom("notifications").selectAll().where("member_id", "=", ada.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(told).toMatchObject({ kind: "referral_updated", message: "Bo Chen moved your referral Kola Ade to contacted." });

    // Back is refused; a bad amount is answered beside it.
    expect(await replyErrors(await move(bo, referral.id, { status: "new" }))).toEqual({
      status: ["A referral that is contacted cannot go back to new."],
    });
    expect(await replyErrors(await move(bo, referral.id, { status: "closed", amount: "12,34,5", currency: "USD" }))).toEqual({
      amount: ["Enter an amount like 2500 or 2,500.50."],
    });
    expect(await replyErrors(await move(bo, referral.id, { status: "no_business", reason: " " }))).toEqual({
      reason: ["Say why no business came of it."],
    });

    response = await move(bo, referral.id, { status: "closed", amount: "2,500.50", currency: "usd" });
    expect(response.status).toBe(302);
    const row = await db.selectFrom("referrals").selectAll().where("id", "=", referral.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "closed", amount_cents: 250050, currency: "USD" });
    expect(row.closed_at).not.toBeNull();
    const thanks = await db.selectFrom("notifications").selectAll().where("member_id", "=", ada.id).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(thanks.message).toBe("Bo Chen closed business with Kola Ade: thank you for $2,500.50!");
    expect((await listOutbox()).some((mail) => mail.to === ada.email && mail.subject === "Your referral Kola Ade: Business closed")).toBe(true);

    const seen = (await (await page(ada, referral.id)).json()) as { referral: { role: string; updates: { status: string }[] }; next: unknown[] };
    expect(seen.referral.role).toBe("giver");
    expect(seen.next).toEqual([]);
    expect(seen.referral.updates.map((update) => update.status)).toEqual(["contacted", "closed"]);

    // Ended: nothing moves it again.
    expect(await replyErrors(await move(bo, referral.id, { status: "no_business", reason: "Changed my mind" }))).toEqual({
      status: ["This referral has ended (business closed): it cannot be moved."],
    });
  });

  test("no business with a reason; closing without an amount records no thank-you", async () => {
    const ada = await createSignedInMember();
    const bo = await createSignedInMember();
    const first = await given(ada, { receiver_id: String(bo.id), name: "One", ...NEED });
    const second = await given(ada, { receiver_id: String(bo.id), name: "Two", ...NEED });
    expect((await move(bo, first.id, { status: "no_business", reason: "They bought elsewhere", amount: "100", currency: "USD" })).status).toBe(302);
    expect(await db.selectFrom("referrals").selectAll().where("id", "=", first.id).executeTakeFirstOrThrow()).toMatchObject({
      status: "no_business",
      reason: "They bought elsewhere",
      amount_cents: null,
    });
    expect((await move(bo, second.id, { status: "closed", amount: "", currency: "USD" })).status).toBe(302);
    expect(await db.selectFrom("referrals").selectAll().where("id", "=", second.id).executeTakeFirstOrThrow()).toMatchObject({
      status: "closed",
      amount_cents: null,
      currency: null,
    });
  });

  test("only its giver and receiver reach a referral, and only the receiver moves it", async () => {
    const ada = await createSignedInMember();
    const bo = await createSignedInMember();
    const eve = await createSignedInMember();
    const referral = await given(ada, { receiver_id: String(bo.id), name: "Kola Ade", ...NEED });
    expect((await page(eve, referral.id)).status).toBe(404);
    expect((await move(eve, referral.id, { status: "contacted" })).status).toBe(404);
    expect((await move(ada, referral.id, { status: "contacted" })).status).toBe(404);
    expect((await page(ada, 99999999)).status).toBe(404);
    expect((await page(ada, Number.NaN)).status).toBe(404);
    expect((await db.selectFrom("referrals").select("status").where("id", "=", referral.id).executeTakeFirstOrThrow()).status).toBe("new");
    const list = (await (await settle(() => listLoader(routeArgs(getRequest("/user/referrals", eve.cookie))))).json()) as {
      received: unknown[];
      given: unknown[];
    };
    expect(list).toMatchObject({ received: [], given: [] });
  });

  test("the list shows received and given, the open ones first", async () => {
    const ada = await createSignedInMember();
    const bo = await createSignedInMember({ name: "Bo Chen" });
    const ended = await given(ada, { receiver_id: String(bo.id), name: "Ended", ...NEED });
    await given(ada, { receiver_id: String(bo.id), name: "Open", ...NEED });
    await move(bo, ended.id, { status: "no_business", reason: "Too small" });
    const list = (await (await settle(() => listLoader(routeArgs(getRequest("/user/referrals", ada.cookie))))).json()) as {
      given: { name: string; other_name: string }[];
      received: unknown[];
    };
    expect(list.given.map((item) => item.name)).toEqual(["Open", "Ended"]);
    expect(list.given[0].other_name).toBe("Bo Chen");
    expect(list.received).toEqual([]);
  });
});

describe("this week's referral numbers", () => {
  test("the meeting week runs Monday to Sunday on the club's clock", () => {
    expect(weekOf("2026-12-06")).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(weekOf("2026-12-07")).toEqual({ from: "2026-12-07", to: "2026-12-13" });
    expect(instantsOf({ from: "2026-11-30", to: "2026-12-06" }, "Africa/Lagos")).toEqual({
      start: "2026-11-29T23:00:00.000Z",
      end: "2026-12-06T23:00:00.000Z",
    });
    // Clocks go forward in the week: the end is an hour earlier in UTC than the start's hour.
    expect(instantsOf({ from: "2026-03-23", to: "2026-03-29" }, "Europe/Berlin")).toEqual({
      start: "2026-03-22T23:00:00.000Z",
      end: "2026-03-29T22:00:00.000Z",
    });
  });

  test("home counts the week's referrals and thank-you amounts, and lists the received ones still open", async () => {
    const ada = await createSignedInMember({ name: "Ada Obi" });
    const bo = await createSignedInMember({ name: "Bo Chen" });
    const cy = await createSignedInMember({ name: "Cy Dee" });
    const at = (iso: string) => iso;
    const insert = (giver: TestMember, receiver: TestMember, name: string, created: string, closed?: { at: string; cents: number; currency: string }) =>
      db
        .insertInto("referrals")
        .values({
          giver_id: giver.id,
          receiver_id: receiver.id,
          name,
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
          closed_at: closed?.at ?? null,
          created_at: created,
          updated_at: closed?.at ?? created,
        })
        .execute();
    // The club's week of Sunday 6 Dec 2026 in Lagos (UTC+1): 29 Nov 23:00 UTC to 6 Dec 23:00 UTC.
    await insert(ada, bo, "Before the week", at("2026-11-29T22:59:00.000Z"), { at: "2026-12-01T10:00:00.000Z", cents: 100_00, currency: "USD" });
    await insert(ada, bo, "Monday early", at("2026-11-29T23:00:00.000Z"));
    await insert(bo, ada, "To Ada", at("2026-12-02T12:00:00.000Z"), { at: "2026-12-03T12:00:00.000Z", cents: 50_50, currency: "USD" });
    await insert(cy, ada, "To Ada in euros", at("2026-12-02T12:00:00.000Z"), { at: "2026-12-06T22:59:59.000Z", cents: 20_00, currency: "EUR" });
    await insert(ada, cy, "Closed after the week", at("2026-12-05T12:00:00.000Z"), { at: "2026-12-06T23:00:00.000Z", cents: 999_00, currency: "USD" });
    await insert(cy, ada, "Open for Ada", at("2026-12-06T22:00:00.000Z"));
    await insert(bo, cy, "Not Ada's", at("2026-12-03T12:00:00.000Z"), { at: "2026-12-03T13:00:00.000Z", cents: 1_00, currency: "USD" });

    const home = await homeReferrals(ada.id, "Africa/Lagos", new Date("2026-12-06T12:00:00.000Z"));
    expect(home.week).toEqual({ from: "2026-11-30", to: "2026-12-06" });
    expect(home.numbers).toEqual({
      oneToOnes: 0,
      given: 2,
      received: 3,
      // Ada as giver: "Before the week" closed in it; as receiver she thanked Bo and Cy.
      thanksReceived: [{ currency: "USD", cents: 100_00 }],
      thanksGiven: [
        { currency: "EUR", cents: 20_00 },
        { currency: "USD", cents: 50_50 },
      ],
    });
    expect(home.toFollowUp.map((referral) => referral.name)).toEqual(["Open for Ada"]);

    const page = (await (await settle(() => homeLoader(routeArgs(getRequest("/user", ada.cookie))))).json()) as {
      referrals: { toFollowUp: { name: string }[] };
    };
    expect(page.referrals.toFollowUp.map((referral) => referral.name)).toEqual(["Open for Ada"]);
  });
});

describe("a member who leaves", () => {
  test("leaves their referrals with the other member, given by a former member", async () => {
    await createSignedInMember({ name: "The first account, the admin" });
    const ada = await createSignedInMember({ name: "Ada Obi" });
    const bo = await createSignedInMember({ name: "Bo Chen" });
    const referral = await given(ada, { receiver_id: String(bo.id), name: "Kola Ade", ...NEED });
    await move(bo, referral.id, { status: "contacted" });
    expect(await deleteAccount(ada.id)).toEqual({ ok: true });
    const seen = (await (await page(bo, referral.id)).json()) as { referral: { giver_name: string; status: string } };
    expect(seen.referral).toMatchObject({ giver_name: "A former member", status: "contacted" });
    expect((await move(bo, referral.id, { status: "closed", amount: "10", currency: "USD" })).status).toBe(302);
  });
});
