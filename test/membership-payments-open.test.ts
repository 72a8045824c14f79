import { describe, expect, test } from "vitest";
import { DEFAULT_INCLUDES } from "~/features/membership/packages";
import { db } from "~/lib/db.server";
import { action as saveClub } from "~/routes/admin/user.admin.club";
import * as ticketDialog from "~/routes/spec/user.event.payment_form";
import { createEvent } from "./event-fixtures";
import { loader as membership } from "~/routes/membership/user.membership";
import { action as pay, loader as payForm } from "~/routes/membership/user.membership.pay";
import { createSignedInMember, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

// An install with neither bank details nor Stripe keys (the test environment sets none).

type MembershipPage = { paymentsOpen: boolean; isAdmin: boolean; includes: Record<string, string[]> };

async function membershipPage(member: TestMember) {
  const response = await settle(() => membership(routeArgs(getRequest("/user/membership", member.cookie))));
  expect(response.status).toBe(200);
  return (await response.json()) as MembershipPage;
}

function order(member: TestMember) {
  return settle(() => pay(routeArgs(postRequest("/user/membership/pay", { package_type: "elite", MemberShip: "monthly", amount: "60" }, member.cookie))));
}

const club = {
  name: "Chapter",
  timeZone: "UTC",
  currency: "USD",
  bankAccountName: "Chapter Club Ltd",
  bankName: "",
  bankIban: "GB33BUKB20201555555555",
  bankBic: "",
  bankInstructions: "",
};

describe("membership payments on an install with no way to pay", () => {
  test("the membership page says payments are not open yet, and the admin is told where to set them", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    expect(await membershipPage(member)).toMatchObject({ paymentsOpen: false, isAdmin: false });
    expect(await membershipPage(admin)).toMatchObject({ paymentsOpen: false, isAdmin: true });
  });

  test("the payment dialog offers no payment, and an order sent anyway is refused with nothing created", async () => {
    await createSignedInMember();
    const member = await createSignedInMember();
    const form = await settle(() => payForm(routeArgs(getRequest("/user/membership/pay?package=elite", member.cookie))));
    expect(((await form.json()) as { notOpen: string | null }).notOpen).toBe(
      "Payments are not open yet: the club has not set up a way to pay. Please try again later.",
    );
    const refused = await order(member);
    expect(refused.status).toBe(409);
    expect((await replyErrors(refused))[""]).toEqual(["Payments are not open yet: the club has not set up a way to pay. Please try again later."]);
    expect(await db.selectFrom("payments").selectAll().execute()).toEqual([]);
  });

  test("once the admin enters the club's bank account, members can pay", async () => {
    const admin = await createSignedInMember();
    const member = await createSignedInMember();
    expect((await settle(() => saveClub(routeArgs(postRequest("/user/admin/club", club, admin.cookie))))).status).toBe(302);
    expect((await membershipPage(member)).paymentsOpen).toBe(true);
    const form = await settle(() => payForm(routeArgs(getRequest("/user/membership/pay?package=elite", member.cookie))));
    expect(((await form.json()) as { notOpen: string | null }).notOpen).toBeNull();
    const ordered = await order(member);
    expect(ordered.status).toBe(302);
    expect(ordered.headers.get("Location")).toMatch(/^\/user\/payments\/CH-/);
  });

  test("each package shows what it includes: the defaults until the admin writes the club's own", async () => {
    const admin = await createSignedInMember();
    expect((await membershipPage(admin)).includes).toEqual(DEFAULT_INCLUDES);
    await settle(() =>
      saveClub(
        routeArgs(postRequest("/user/admin/club", { ...club, includes_millionaires: "Quarterly investor dinner\nA seat at every event" }, admin.cookie)),
      ),
    );
    expect((await membershipPage(admin)).includes).toEqual({ ...DEFAULT_INCLUDES, millionaires: ["Quarterly investor dinner", "A seat at every event"] });
  });

  test("a paid ticket is not offered either, and no seat is held for it; a free one is still issued", async () => {
    const organiser = await createSignedInMember();
    const member = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { general_amount_cents: 2_500, vip_capacity: 10, vip_amount_cents: 0 });
    const path = (type: string) => `/user/event/payment_form?event_id=${eventId}&ticket_type=${type}`;
    const dialog = await settle(() => ticketDialog.loader(routeArgs(getRequest(path("general"), member.cookie))));
    expect(((await dialog.json()) as { notOpen: string | null }).notOpen).toBe(
      "Payments are not open yet: the club has not set up a way to pay. Please try again later.",
    );
    const refused = await settle(() => ticketDialog.action(routeArgs(postRequest(path("general"), {}, member.cookie))));
    expect(refused.status).toBe(409);
    expect(await db.selectFrom("tickets").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("payments").selectAll().execute()).toEqual([]);

    const free = await settle(() => ticketDialog.loader(routeArgs(getRequest(path("vip"), member.cookie))));
    expect(((await free.json()) as { notOpen: string | null }).notOpen).toBeNull();
    const issued = await settle(() => ticketDialog.action(routeArgs(postRequest(path("vip"), {}, member.cookie))));
    expect(issued.status).toBe(302);
    expect(issued.headers.get("Location")).toMatch(/^\/user\/tickets\//);
  });
});
