import { describe, expect, test } from "vitest";
import { todayIn } from "~/features/journal/dates";
import { homeReferrals } from "~/features/referrals/home.server";
import { clubTimeZone } from "~/lib/env.server";
import { db } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import { loader as listLoader } from "~/routes/referrals/user.one-to-ones";
import { action as newAction, loader as newLoader } from "~/routes/referrals/user.one-to-ones.new";
import { action as pageAction, loader as pageLoader } from "~/routes/referrals/user.one-to-ones_.$oneToOneId";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

// The members have no zone of their own: they read the club's clock.
const today = todayIn(clubTimeZone());

function record(member: TestMember, fields: Record<string, string>) {
  return settle(() => newAction(routeArgs(postRequest("/user/one-to-ones/new", { csrf: "x", ...fields }, member.cookie))));
}

async function recorded(member: TestMember, partner: TestMember, fields: Record<string, string> = {}) {
  const response = await record(member, { partner_id: String(partner.id), met_on: today, place: "Club house", note: "Proposer's own note", ...fields });
  expect(response.status, await response.clone().text()).toBe(302);
  return Number(response.headers.get("Location")!.split("/").pop());
}

function press(member: TestMember, id: number, fields: Record<string, string>) {
  return settle(() => pageAction(routeArgs(postRequest(`/user/one-to-ones/${id}`, { csrf: "x", ...fields }, member.cookie), { oneToOneId: String(id) })));
}

async function page(member: TestMember, id: number) {
  return settle(() => pageLoader(routeArgs(getRequest(`/user/one-to-ones/${id}`, member.cookie), { oneToOneId: String(id) })));
}

type Page = { oneToOne: { status: string; role: string; note: string | null; with: string } };

describe("one-to-ones", () => {
  test("one member records it, the other is told and confirms it; it then counts for both", async () => {
    const ada = await createSignedInMember({ name: "Ada Obi" });
    const bo = await createSignedInMember({ name: "Bo Chen" });

    const dialog = await settle(() => newLoader(routeArgs(getRequest(`/user/one-to-ones/new?with=${bo.id}`, ada.cookie))));
    expect(((await dialog.json()) as { partner: { name: string } }).partner.name).toBe("Bo Chen");

    const response = await record(ada, { partner_id: String(bo.id), met_on: today, place: "Club house", note: "Proposer's own note" });
    expect(await flashOf(response)).toEqual({ type: "success", message: "Your one-to-one with Bo Chen is recorded: it counts once they confirm it." });
    const id = Number(response.headers.get("Location")!.split("/").pop());
    const told = await db.selectFrom("notifications").selectAll().where("member_id", "=", bo.id).executeTakeFirstOrThrow();
    expect(told).toMatchObject({ kind: "one_to_one_proposed", link_url: `/user/one-to-ones/${id}` });
    expect((await listOutbox()).some((mail) => mail.to === bo.email && mail.subject === "A one-to-one with Ada Obi")).toBe(true);
    expect((await homeReferrals(ada.id, clubTimeZone())).numbers.oneToOnes).toBe(0);

    // Each side sees their own note only.
    const bosView = (await (await page(bo, id)).json()) as Page;
    expect(bosView.oneToOne).toMatchObject({ status: "proposed", role: "partner", note: null, with: "Ada Obi" });
    expect(JSON.stringify(bosView)).not.toContain("Proposer's own note");
    const list = (await (await settle(() => listLoader(routeArgs(getRequest("/user/one-to-ones", bo.cookie))))).json()) as {
      oneToOnes: { toAnswer: boolean }[];
    };
    expect(list.oneToOnes).toMatchObject([{ toAnswer: true }]);

    // Only the partner answers.
    expect((await press(ada, id, { intent: "confirm" })).status).toBe(404);
    const confirmed = await press(bo, id, { intent: "confirm" });
    expect(await flashOf(confirmed)).toEqual({ type: "success", message: "Your one-to-one with Ada Obi is confirmed." });
    expect((await db.selectFrom("notifications").select("message").where("member_id", "=", ada.id).executeTakeFirstOrThrow()).message).toMatch(
      /^Bo Chen confirmed your one-to-one of \d+ \w+ \d{4}\.$/,
    );
    expect(await flashOf(await press(bo, id, { intent: "decline" }))).toEqual({ type: "error", message: "This one-to-one is confirmed already." });
    expect((await homeReferrals(ada.id, clubTimeZone())).numbers.oneToOnes).toBe(1);
    expect((await homeReferrals(bo.id, clubTimeZone())).numbers.oneToOnes).toBe(1);

    expect(await flashOf(await press(bo, id, { intent: "note", note: "Bo's own note" }))).toEqual({ type: "success", message: "Your notes are saved." });
    const row = await db.selectFrom("one_to_ones").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ proposer_note: "Proposer's own note", partner_note: "Bo's own note", status: "confirmed" });
    expect(((await (await page(ada, id)).json()) as Page).oneToOne.note).toBe("Proposer's own note");
  });

  test("bad input is answered beside each field; a declined one does not count", async () => {
    const ada = await createSignedInMember();
    const bo = await createSignedInMember();
    const bad = await record(ada, { partner_id: "", met_on: "yesterday" });
    expect(bad.status).toBe(400);
    expect(await replyErrors(bad)).toEqual({ partner_id: ["Choose the member you met."], met_on: ["Enter a date as yyyy-mm-dd."] });
    expect(await replyErrors(await record(ada, { partner_id: String(bo.id), met_on: "2999-01-01" }))).toEqual({
      met_on: ["Choose the day you met: today or before."],
    });
    expect(await replyErrors(await record(ada, { partner_id: String(ada.id), met_on: today }))).toEqual({ partner_id: ["Choose the member you met."] });
    expect(await db.selectFrom("one_to_ones").select("id").execute()).toHaveLength(0);

    const id = await recorded(ada, bo);
    expect(await flashOf(await press(bo, id, { intent: "decline" }))).toEqual({ type: "success", message: `You declined the one-to-one with ${ada.name}.` });
    expect((await homeReferrals(bo.id, clubTimeZone())).numbers.oneToOnes).toBe(0);
  });

  test("another member gets 404 for a one-to-one that is not theirs", async () => {
    const ada = await createSignedInMember();
    const bo = await createSignedInMember();
    const eve = await createSignedInMember();
    const id = await recorded(ada, bo);
    expect((await page(eve, id)).status).toBe(404);
    expect((await press(eve, id, { intent: "confirm" })).status).toBe(404);
    expect((await press(eve, id, { intent: "note", note: "Mine now" })).status).toBe(404);
    expect(await db.selectFrom("one_to_ones").select(["status", "partner_note"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "proposed",
      partner_note: null,
    });
  });
});
