import { describe, expect, test, vi } from "vitest";

// Paid tickets are paid by bank transfer: the club has an account (env() reads process.env on first use).
vi.hoisted(() => {
  process.env.BANK_IBAN = "GB33BUKB20201555555555";
});
import { cancelBankTransfer, confirmBankTransfer } from "~/features/payments/admin-payments.server";
import { checkIn, expireUnpaidTickets, issueTicket, newTicketCode, normaliseTicketCode, SOLD_OUT } from "~/features/tickets/tickets.server";
import { db } from "~/lib/db.server";
import * as checkInModule from "~/routes/events/user.events_.$eventId_.check-in";
import * as buyModule from "~/routes/spec/user.event.payment_form";
import * as myTicketsModule from "~/routes/tickets/user.tickets._index";
import * as ticketModule from "~/routes/tickets/user.tickets.$code";
import * as publicTicketModule from "~/routes/tickets/ticket.$code";
import * as eventTicketsModule from "~/routes/events/user.events_.$eventId_.tickets";
import * as cancelTicketModule from "~/routes/events/user.events_.$eventId_.tickets.$ticketId.cancel";
import * as adminConfirmModule from "~/routes/admin/user.admin.payments.$paymentId.confirm";
import { createEvent, eventCounters, ticketsOf } from "./event-fixtures";
import { createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

function buy(member: TestMember, eventId: number, type = "general") {
  const path = `/user/event/payment_form?event_id=${eventId}&ticket_type=${type}`;
  return settle(() => buyModule.action(routeArgs(postRequest(path, {}, member.cookie))));
}

function openTicket(member: TestMember, code: string) {
  return settle(() => ticketModule.loader(routeArgs(getRequest(`/user/tickets/${code}`, member.cookie), { code })));
}

function checkInAs(member: TestMember, eventId: number, code: string) {
  return settle(() => checkInModule.action(routeArgs(postRequest(`/user/events/${eventId}/check-in`, { code }, member.cookie), { eventId: String(eventId) })));
}

describe("ticket codes", () => {
  test("are 12 unambiguous characters in groups of four, and differ each time", () => {
    const codes = new Set(Array.from({ length: 500 }, () => newTicketCode()));
    expect(codes.size).toBe(500);
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  });

  test("typed or scanned codes are normalised; anything else is no code", () => {
    expect(normaliseTicketCode(" k7qm 3xwp-9rta ")).toBe("K7QM-3XWP-9RTA");
    expect(normaliseTicketCode("K7QM3XWP9RTA")).toBe("K7QM-3XWP-9RTA");
    for (const bad of ["", "K7QM-3XWP", "K7QM-3XWP-9RT0", "' or 1=1 --", null, 42]) expect(normaliseTicketCode(bad)).toBeNull();
  });
});

describe("capacity", () => {
  test("a type is sold out when its seats are taken, and a type not offered cannot be had", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { general_capacity: 2, vip_capacity: null });
    const members = [await createSignedInMember(), await createSignedInMember(), await createSignedInMember()];
    const outcomes = [];
    for (const member of members)
      outcomes.push(await issueTicket({ eventId, type: "general", holderId: member.id, issuedBy: null, amountCents: 0, status: "issued" }));
    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, false]);
    expect(outcomes[2]).toMatchObject({ ok: false, reason: "sold_out", message: SOLD_OUT });
    expect(await eventCounters(eventId)).toEqual({ general_taken: 2, vip_taken: 0 });
    const vip = await issueTicket({ eventId, type: "vip", holderId: members[0].id, issuedBy: null, amountCents: 0, status: "issued" });
    expect(vip).toMatchObject({ ok: false, reason: "sold_out" });
    expect(await ticketsOf(eventId)).toHaveLength(2);
  });

  test("two members buying the last ticket at the same moment: exactly one gets it, the other reads Sold out", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { general_capacity: 1 });
    const [first, second] = [await createSignedInMember(), await createSignedInMember()];
    const responses = await Promise.all([buy(first, eventId), buy(second, eventId)]);
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([302, 409]);
    const refused = responses.find((response) => response.status === 409)!;
    expect(((await refused.json()) as { message: string }).message).toBe("Sold out: there are no tickets of this type left.");
    expect(await eventCounters(eventId)).toEqual({ general_taken: 1, vip_taken: 0 });
    const tickets = await ticketsOf(eventId);
    expect(tickets).toHaveLength(1);
    expect(tickets[0].status).toBe("issued");
  });

  test("many members racing for a few seats never overbook", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { vip_capacity: 3, vip_amount_cents: null });
    const members = await Promise.all(Array.from({ length: 8 }, () => createSignedInMember()));
    const responses = await Promise.all(members.map((member) => buy(member, eventId, "vip")));
    expect(responses.filter((response) => response.status === 302)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(5);
    expect((await eventCounters(eventId)).vip_taken).toBe(3);
    expect((await ticketsOf(eventId)).filter((ticket) => ticket.status === "issued")).toHaveLength(3);
  });

  test("one live ticket per type per member: a double click holds one seat", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { general_capacity: 10, vip_capacity: 10 });
    const member = await createSignedInMember();
    const responses = await Promise.all([buy(member, eventId), buy(member, eventId)]);
    expect(responses.map((response) => response.status).sort()).toEqual([302, 409]);
    expect(((await responses.find((r) => r.status === 409)!.json()) as { message: string }).message).toBe("You already have a General ticket for this event.");
    expect((await buy(member, eventId, "vip")).status).toBe(302);
    expect(await eventCounters(eventId)).toEqual({ general_taken: 1, vip_taken: 1 });
  });
});

describe("buying a free ticket", () => {
  test("the dialog shows event, type and price; confirming issues the ticket and sends the member to it", async () => {
    const organiser = await createSignedInMember({ name: "Olga Organiser" });
    const eventId = await createEvent(organiser.id, { title: "Founders Breakfast" });
    const member = await createSignedInMember({ name: "Mia Member" });
    const page = await settle(() =>
      buyModule.loader(routeArgs(getRequest(`/user/event/payment_form?event_id=${eventId}&ticket_type=general&back=/user/events`, member.cookie))),
    );
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({
      event: { title: "Founders Breakfast" },
      type: "general",
      price: "Free",
      free: true,
      offered: true,
      back: "/user/events",
    });

    const response = await buy(member, eventId);
    expect(response.status).toBe(302);
    const [ticket] = await ticketsOf(eventId);
    expect(ticket).toMatchObject({ holder_id: member.id, ticket_type: "general", status: "issued", amount_cents: 0, payment_id: null });
    expect(ticket.issued_at).not.toBeNull();
    expect(response.headers.get("Location")).toBe(`/user/tickets/${ticket.code}`);
    expect(await flashOf(response)).toEqual({ type: "success", message: "Your General ticket for Founders Breakfast is issued." });

    const view = await openTicket(member, ticket.code);
    expect(view.status).toBe(200);
    const body = (await view.json()) as { ticket: { code: string; holder: string; status: string; qr: string | null } };
    expect(body.ticket).toMatchObject({ code: ticket.code, holder: "Mia Member", status: "issued" });
    expect(body.ticket.qr).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const mine = (await (await settle(() => myTicketsModule.loader(routeArgs(getRequest("/user/tickets", member.cookie))))).json()) as {
      tickets: { code: string; eventTitle: string }[];
    };
    expect(mine.tickets).toEqual([expect.objectContaining({ code: ticket.code, eventTitle: "Founders Breakfast" })]);
  });

  test("an event that is over sells no tickets", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, {
      starts_at: "2020-01-01T18:00",
      ends_at: "2020-01-01T22:00",
      starts_at_utc: "2020-01-01T18:00:00.000Z",
      ends_at_utc: "2020-01-01T22:00:00.000Z",
    });
    const member = await createSignedInMember();
    const page = await settle(() => buyModule.loader(routeArgs(getRequest(`/user/event/payment_form?event_id=${eventId}&ticket_type=general`, member.cookie))));
    expect(await page.json()).toMatchObject({ over: true });
    const response = await buy(member, eventId);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "This event is over: its tickets can no longer be had." });
    expect(await ticketsOf(eventId)).toHaveLength(0);
  });

  test("bad input: no such event is 404, a ticket type that is not one is 400, a type not offered is refused", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id);
    const member = await createSignedInMember();
    for (const query of ["event_id=999999", "event_id=abc", ""]) {
      const response = await settle(() => buyModule.loader(routeArgs(getRequest(`/user/event/payment_form?${query}`, member.cookie))));
      expect(response.status).toBe(404);
    }
    expect(
      (await settle(() => buyModule.loader(routeArgs(getRequest(`/user/event/payment_form?event_id=${eventId}&ticket_type=gold`, member.cookie))))).status,
    ).toBe(400);
    expect((await buy(member, eventId, "gold")).status).toBe(400);
    const vip = await buy(member, eventId, "vip");
    expect(vip.status).toBe(400);
    expect(((await vip.json()) as { message: string }).message).toBe("This event does not offer tickets of this type.");
    expect(await ticketsOf(eventId)).toHaveLength(0);
  });
});

describe("buying a paid ticket by bank transfer", () => {
  async function pendingPurchase() {
    const admin = await createSignedInMember({ name: "Ada Admin" });
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { title: "Gala", vip_capacity: 1, vip_amount_cents: 15000 });
    const member = await createSignedInMember();
    const response = await buy(member, eventId, "vip");
    expect(response.status).toBe(302);
    const [ticket] = await ticketsOf(eventId);
    const payment = await db.selectFrom("payments").selectAll().where("id", "=", ticket.payment_id!).executeTakeFirstOrThrow();
    expect(response.headers.get("Location")).toBe(`/user/payments/${payment.reference}`);
    return { admin, organiser, member, eventId, ticket, payment };
  }

  test("the seat is held by a pending ticket, and the ticket is issued when the admin confirms the transfer", async () => {
    const { admin, member, eventId, ticket, payment } = await pendingPurchase();
    expect(ticket).toMatchObject({ status: "pending", amount_cents: 15000, ticket_type: "vip", issued_at: null });
    expect(payment).toMatchObject({
      purpose: "ticket",
      item: "vip",
      amount_cents: 15000,
      status: "pending",
      provider: "bank_transfer",
      member_id: member.id,
      description: "VIP ticket: Gala",
    });
    expect((await eventCounters(eventId)).vip_taken).toBe(1);

    // Pending: the ticket page has no QR code yet and points to the payment.
    const pendingView = (await (await openTicket(member, ticket.code)).json()) as { ticket: { qr: string | null; status: string }; paymentReference: string };
    expect(pendingView.ticket).toMatchObject({ status: "pending", qr: null });
    expect(pendingView.paymentReference).toBe(payment.reference);
    // Nobody else can get the seat meanwhile.
    const other = await createSignedInMember();
    expect((await buy(other, eventId, "vip")).status).toBe(409);
    // A pending ticket is not valid at the door.
    expect(await checkIn(eventId, ticket.code)).toMatchObject({ outcome: "not_issued" });

    const confirm = await settle(() =>
      adminConfirmModule.action(routeArgs(postRequest(`/user/admin/payments/${payment.id}/confirm`, {}, admin.cookie), { paymentId: String(payment.id) })),
    );
    expect(confirm.status).toBe(302);
    const [issued] = await ticketsOf(eventId);
    expect(issued.status).toBe("issued");
    expect(issued.issued_at).not.toBeNull();
    expect((await eventCounters(eventId)).vip_taken).toBe(1);
    const [told] = await db.selectFrom("notifications").selectAll().where("member_id", "=", member.id).execute();
    expect(told).toMatchObject({ kind: "ticket_issued", message: "Your VIP ticket for Gala is paid and issued.", link_url: `/user/tickets/${ticket.code}` });
    // Confirming twice changes nothing.
    expect(await confirmBankTransfer(payment.id, admin.id)).toMatchObject({ ok: false, status: 400 });
    expect((await ticketsOf(eventId))[0].status).toBe("issued");
  });

  test("a cancelled order cancels the ticket and gives the seat back", async () => {
    const { admin, member, eventId, ticket, payment } = await pendingPurchase();
    expect(await cancelBankTransfer(payment.id, admin.id)).toMatchObject({ ok: true });
    const [cancelled] = await ticketsOf(eventId);
    expect(cancelled).toMatchObject({ id: ticket.id, status: "cancelled" });
    expect((await eventCounters(eventId)).vip_taken).toBe(0);
    // The seat is free again: the same member (or anyone) can buy it.
    expect((await buy(member, eventId, "vip")).status).toBe(302);
    expect((await eventCounters(eventId)).vip_taken).toBe(1);
  });

  test("an order still unpaid after TICKET_HOLD_DAYS (7) is cancelled by the hourly sweep and its seat released", async () => {
    const { eventId, payment } = await pendingPurchase();
    const created = new Date(payment.created_at);
    expect(await expireUnpaidTickets(new Date(created.getTime() + 6 * 86_400_000))).toBe(0);
    expect((await ticketsOf(eventId))[0].status).toBe("pending");
    expect(await expireUnpaidTickets(new Date(created.getTime() + 8 * 86_400_000))).toBe(1);
    expect((await ticketsOf(eventId))[0].status).toBe("cancelled");
    expect((await db.selectFrom("payments").select("status").where("id", "=", payment.id).executeTakeFirstOrThrow()).status).toBe("cancelled");
    expect((await eventCounters(eventId)).vip_taken).toBe(0);
    expect(await expireUnpaidTickets(new Date(created.getTime() + 9 * 86_400_000))).toBe(0);
    expect((await eventCounters(eventId)).vip_taken).toBe(0);
  });

  test("buying again while the payment waits points to the payment", async () => {
    const { member, eventId, payment } = await pendingPurchase();
    const again = await buy(member, eventId, "vip");
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Your VIP ticket is waiting for its payment.", existing: `/user/payments/${payment.reference}` });
  });
});

describe("who sees a ticket", () => {
  test("its holder and the event's organiser; anyone else gets 404, and members' tickets have no public view", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id);
    const holder = await createSignedInMember();
    const stranger = await createSignedInMember();
    await buy(holder, eventId);
    const [ticket] = await ticketsOf(eventId);
    expect((await openTicket(holder, ticket.code)).status).toBe(200);
    const organiserView = await openTicket(organiser, ticket.code);
    expect(organiserView.status).toBe(200);
    expect(await organiserView.json()).toMatchObject({ isOrganiser: true, isHolder: false });
    expect((await openTicket(stranger, ticket.code)).status).toBe(404);
    expect((await openTicket(stranger, "AAAA-BBBB-CCCC")).status).toBe(404);
    expect((await openTicket(holder, "not-a-code")).status).toBe(404);
    const publicView = await settle(() => publicTicketModule.loader(routeArgs(getRequest(`/ticket/${ticket.code}`), { code: ticket.code })));
    expect(publicView.status).toBe(404);
  });
});

describe("check-in", () => {
  test("valid, then already used (with the time), not for this event, and unknown", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id);
    const otherEventId = await createEvent(organiser.id, { title: "Another night" });
    const holder = await createSignedInMember({ name: "Hal Holder" });
    await buy(holder, eventId);
    await buy(holder, otherEventId);
    const [ticket] = await ticketsOf(eventId);
    const [otherTicket] = await ticketsOf(otherEventId);

    const valid = (await (await checkInAs(organiser, eventId, ticket.code.toLowerCase().replaceAll("-", " "))).json()) as {
      result: { outcome: string; holder: string; checkedInAt: string };
      counts: { issued: number; checkedIn: number };
    };
    expect(valid.result).toMatchObject({ outcome: "valid", code: ticket.code, holder: "Hal Holder", type: "general" });
    expect(valid.counts).toEqual({ issued: 1, checkedIn: 1 });
    const stored = (await ticketsOf(eventId))[0];
    expect(stored.checked_in_at).toBe(valid.result.checkedInAt);

    const used = (await (await checkInAs(organiser, eventId, ticket.code)).json()) as { result: { outcome: string; checkedInAt: string } };
    expect(used.result).toMatchObject({ outcome: "used", checkedInAt: stored.checked_in_at });

    expect(((await (await checkInAs(organiser, eventId, otherTicket.code)).json()) as { result: unknown }).result).toEqual({
      outcome: "other_event",
      code: otherTicket.code,
    });
    expect(((await (await checkInAs(organiser, eventId, "ZZZZ-ZZZZ-ZZZZ")).json()) as { result: { outcome: string } }).result.outcome).toBe("unknown");
    expect(((await (await checkInAs(organiser, eventId, "hello")).json()) as { result: { outcome: string } }).result.outcome).toBe("unknown");
    const empty = await checkInAs(organiser, eventId, "  ");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: "Enter a ticket code." });
    // The other event's ticket was not touched.
    expect((await ticketsOf(otherEventId))[0].checked_in_at).toBeNull();
  });

  test("only the organiser: anyone else gets 404 and the ticket stays unused", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id);
    const holder = await createSignedInMember();
    await buy(holder, eventId);
    const [ticket] = await ticketsOf(eventId);
    for (const who of [holder, await createSignedInMember()]) {
      expect(
        (await settle(() => checkInModule.loader(routeArgs(getRequest(`/user/events/${eventId}/check-in`, who.cookie), { eventId: String(eventId) })))).status,
      ).toBe(404);
      expect((await checkInAs(who, eventId, ticket.code)).status).toBe(404);
    }
    expect(
      (await settle(() => checkInModule.loader(routeArgs(getRequest(`/user/events/99999/check-in`, organiser.cookie), { eventId: "99999" })))).status,
    ).toBe(404);
    expect((await ticketsOf(eventId))[0].checked_in_at).toBeNull();
    const page = await settle(() =>
      checkInModule.loader(routeArgs(getRequest(`/user/events/${eventId}/check-in`, organiser.cookie), { eventId: String(eventId) })),
    );
    expect(page.status).toBe(200);
  });

  test("the same code at two doors at once is let in once", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id);
    const holder = await createSignedInMember();
    await buy(holder, eventId);
    const [ticket] = await ticketsOf(eventId);
    const outcomes = await Promise.all([checkIn(eventId, ticket.code), checkIn(eventId, ticket.code)]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["used", "valid"]);
  });
});

describe("the organiser's ticket list", () => {
  test("lists the event's tickets and cancels one: the seat is free, a waiting order is cancelled, the holder is told", async () => {
    const organiser = await createSignedInMember({ name: "Olga Organiser" });
    const eventId = await createEvent(organiser.id, { title: "Gala", general_capacity: 5, vip_capacity: 1, vip_amount_cents: 9000 });
    const freeHolder = await createSignedInMember({ name: "Fred Free" });
    const payer = await createSignedInMember({ name: "Paula Payer" });
    await buy(freeHolder, eventId);
    await buy(payer, eventId, "vip");
    const [free, pending] = await ticketsOf(eventId);

    const list = await settle(() =>
      eventTicketsModule.loader(routeArgs(getRequest(`/user/events/${eventId}/tickets`, organiser.cookie), { eventId: String(eventId) })),
    );
    expect(list.status).toBe(200);
    const body = (await list.json()) as { tickets: { code: string; holder: string; status: string }[] };
    expect(body.tickets.map((ticket) => [ticket.holder, ticket.status])).toEqual([
      ["Paula Payer", "pending"],
      ["Fred Free", "issued"],
    ]);

    const cancel = (ticketId: number, who = organiser) =>
      settle(() =>
        cancelTicketModule.action(
          routeArgs(postRequest(`/user/events/${eventId}/tickets/${ticketId}/cancel`, {}, who.cookie), {
            eventId: String(eventId),
            ticketId: String(ticketId),
          }),
        ),
      );
    // Nobody else: not the holder, not another member.
    for (const who of [payer, freeHolder]) {
      expect(
        (await settle(() => eventTicketsModule.loader(routeArgs(getRequest(`/user/events/${eventId}/tickets`, who.cookie), { eventId: String(eventId) }))))
          .status,
      ).toBe(404);
      expect((await cancel(pending.id, who)).status).toBe(404);
    }
    expect((await ticketsOf(eventId)).map((ticket) => ticket.status)).toEqual(["issued", "pending"]);

    const cancelledPending = await cancel(pending.id);
    expect(cancelledPending.status).toBe(302);
    expect(cancelledPending.headers.get("Location")).toBe(`/user/events/${eventId}/tickets`);
    expect((await db.selectFrom("payments").select("status").where("id", "=", pending.payment_id!).executeTakeFirstOrThrow()).status).toBe("cancelled");
    expect((await eventCounters(eventId)).vip_taken).toBe(0);

    const cancelledFree = await cancel(free.id);
    expect(await flashOf(cancelledFree)).toEqual({
      type: "success",
      message: `The General ticket ${free.code} of Fred Free is cancelled; its seat is free again.`,
    });
    expect((await eventCounters(eventId)).general_taken).toBe(0);
    const [told] = await db.selectFrom("notifications").selectAll().where("member_id", "=", freeHolder.id).execute();
    expect(told).toMatchObject({ kind: "ticket_cancelled", message: "Olga Organiser cancelled your General ticket for Gala." });
    // Twice changes nothing.
    expect(await flashOf(await cancel(free.id))).toEqual({ type: "info", message: "This ticket is already cancelled." });
    expect((await eventCounters(eventId)).general_taken).toBe(0);
    // The cancelled ticket is not valid at the door.
    expect(await checkIn(eventId, free.code)).toMatchObject({ outcome: "not_issued" });
    // A ticket of another event is not found under this one.
    const otherEventId = await createEvent(organiser.id);
    expect(
      (
        await settle(() =>
          cancelTicketModule.loader(routeArgs(getRequest("/x", organiser.cookie), { eventId: String(otherEventId), ticketId: String(free.id) })),
        )
      ).status,
    ).toBe(404);
  });
});
