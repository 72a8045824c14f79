import { describe, expect, test } from "vitest";
import { listOutbox } from "~/lib/mail.server";
import * as publicTicketModule from "~/routes/tickets/ticket.$code";
import * as sendModule from "~/routes/contacts/user.contacts.$contactId.ticket";
import * as sendCallModule from "~/routes/spec/user.event.send_ticket";
import * as ticketCallModule from "~/routes/spec/user.event.ticket";
import * as vipCallModule from "~/routes/spec/user.event.ticket-vip";
import * as eventsForContactModule from "~/routes/spec/user.events.get_events.$contactId";
import { createEvent, eventCounters, ticketsOf } from "./event-fixtures";
import {
  BASE,
  type ContactFields,
  contactOf,
  createSignedInMember,
  flashOf,
  getRequest,
  postRequest,
  replyErrors,
  routeArgs,
  settle,
  type TestMember,
} from "./helpers";

/** Carla, with her e-mail, unless told otherwise. */
function createContact(ownerId: number, fields: ContactFields = {}) {
  return contactOf({ id: ownerId }, { name: "Carla Contact", email: "carla@example.com", ...fields });
}

function send(member: TestMember, contactId: number, fields: Record<string, string>, back = "") {
  const path = `/user/contacts/${contactId}/ticket${back ? `?back=${encodeURIComponent(back)}` : ""}`;
  return settle(() => sendModule.action(routeArgs(postRequest(path, fields, member.cookie), { contactId: String(contactId) })));
}

describe("sending a ticket to a contact", () => {
  test("the modal lists the member's own events; sending issues the ticket and e-mails its code and public link", async () => {
    const organiser = await createSignedInMember({ name: "Olga Organiser" });
    const eventId = await createEvent(organiser.id, { title: "Harbour Gala", general_amount_cents: 4000, vip_capacity: 5, vip_amount_cents: 12000 });
    const stranger = await createSignedInMember();
    await createEvent(stranger.id, { title: "Someone else's party" });
    const contactId = await createContact(organiser.id);

    const page = await settle(() =>
      sendModule.loader(routeArgs(getRequest(`/user/contacts/${contactId}/ticket`, organiser.cookie), { contactId: String(contactId) })),
    );
    expect(page.status).toBe(200);
    const body = (await page.json()) as { events: { id: number; label: string; general: string | null; vip: string | null }[]; back: string };
    expect(body.events).toEqual([expect.objectContaining({ id: eventId, general: "$40", vip: "$120" })]);
    expect(body.back).toBe(`/user/profile?cicid=${contactId}`);

    const response = await send(organiser, contactId, { event_id: String(eventId), ticket_type: "vip" }, "/user/contacts?page=2");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/user/contacts?page=2");
    expect(await flashOf(response)).toEqual({ type: "success", message: "VIP ticket to Harbour Gala sent to Carla Contact." });
    const [ticket] = await ticketsOf(eventId);
    expect(ticket).toMatchObject({
      ticket_type: "vip",
      status: "issued",
      holder_id: null,
      contact_id: contactId,
      holder_email: "carla@example.com",
      issued_by: organiser.id,
      amount_cents: 12000,
    });
    expect((await eventCounters(eventId)).vip_taken).toBe(1);

    const [mail] = await listOutbox();
    expect(mail.to).toBe("carla@example.com");
    expect(mail.subject).toBe("Your ticket: Harbour Gala");
    expect(mail.text).toContain("Olga Organiser sends you a VIP ticket to Harbour Gala.");
    expect(mail.text).toContain(`Code: ${ticket.code}`);
    expect(mail.text).toContain(`http://chapter.test/ticket/${ticket.code}`);

    // The contact opens the link without an account.
    const view = await settle(() => publicTicketModule.loader(routeArgs(getRequest(`/ticket/${ticket.code}`), { code: ticket.code })));
    expect(view.status).toBe(200);
    const shown = (await view.json()) as { ticket: { holder: string; type: string; qr: string } };
    expect(shown.ticket).toMatchObject({ holder: "Carla Contact", type: "vip" });
    expect(shown.ticket.qr).toContain("<svg");
    expect((await settle(() => publicTicketModule.loader(routeArgs(getRequest("/ticket/AAAA-BBBB-CCCC"), { code: "AAAA-BBBB-CCCC" })))).status).toBe(404);
  });

  test("free is a General ticket at no charge", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { general_amount_cents: 4000 });
    const contactId = await createContact(organiser.id);
    expect((await send(organiser, contactId, { event_id: String(eventId), ticket_type: "free" })).status).toBe(302);
    expect((await ticketsOf(eventId))[0]).toMatchObject({ ticket_type: "general", amount_cents: 0 });
    expect((await listOutbox())[0].text).toContain("sends you a free General ticket");
  });

  test("validation: a type, a type the event offers, seats left, and a contact with an e-mail", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { general_capacity: 1 });
    const contactId = await createContact(organiser.id);
    const noEmail = await createContact(organiser.id, { name: "Nora Nomail", email: null });

    const missing = await send(organiser, contactId, { event_id: String(eventId) });
    expect(missing.status).toBe(400);
    expect(await replyErrors(missing)).toEqual({ ticket_type: ["Choose free, general or VIP."] });
    const noEvent = await send(organiser, contactId, { event_id: "", ticket_type: "free" });
    expect(noEvent.status).toBe(400);
    const vip = await send(organiser, contactId, { event_id: String(eventId), ticket_type: "vip" });
    expect(vip.status).toBe(409);
    expect(await replyErrors(vip)).toEqual({ ticket_type: ["This event does not offer tickets of this type."] });
    const nomail = await send(organiser, noEmail, { event_id: String(eventId), ticket_type: "free" });
    expect(nomail.status).toBe(400);
    expect(await replyErrors(nomail)).toEqual({ "": ["This contact has no e-mail address: add one to send a ticket."] });

    expect((await send(organiser, contactId, { event_id: String(eventId), ticket_type: "general" })).status).toBe(302);
    const soldOut = await send(organiser, contactId, { event_id: String(eventId), ticket_type: "general" });
    expect(soldOut.status).toBe(409);
    expect(await replyErrors(soldOut)).toEqual({ ticket_type: ["Sold out: there are no tickets of this type left."] });
    expect(await ticketsOf(eventId)).toHaveLength(1);
    expect(await listOutbox()).toHaveLength(1);
  });

  test("another member's contact, or another member's event, is 404 and nothing is sent", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id);
    const contactId = await createContact(organiser.id);
    const other = await createSignedInMember();
    const otherEventId = await createEvent(other.id);
    const otherContactId = await createContact(other.id, { email: "someone@example.com" });

    expect(
      (
        await settle(() =>
          sendModule.loader(routeArgs(getRequest(`/user/contacts/${otherContactId}/ticket`, organiser.cookie), { contactId: String(otherContactId) })),
        )
      ).status,
    ).toBe(404);
    expect((await send(organiser, otherContactId, { event_id: String(eventId), ticket_type: "free" })).status).toBe(404);
    expect((await send(organiser, contactId, { event_id: String(otherEventId), ticket_type: "free" })).status).toBe(404);
    for (const module of [sendCallModule, ticketCallModule, vipCallModule]) {
      const call = (fields: Record<string, string>) => settle(() => module.action(routeArgs(postRequest("/user/event/send_ticket", fields, organiser.cookie))));
      expect((await call({ event_id: String(eventId), contact_id: String(otherContactId), ticket_type: "free" })).status).toBe(404);
      expect((await call({ event_id: String(otherEventId), contact_id: String(contactId), ticket_type: "free" })).status).toBe(404);
    }
    expect(
      (
        await settle(() =>
          eventsForContactModule.loader(
            routeArgs(getRequest(`/user/events/get_events/${otherContactId}`, organiser.cookie), { contactId: String(otherContactId) }),
          ),
        )
      ).status,
    ).toBe(404);
    expect(await ticketsOf(eventId)).toHaveLength(0);
    expect(await ticketsOf(otherEventId)).toHaveLength(0);
    expect(await listOutbox()).toHaveLength(0);
  });
});

describe("SPEC.md's ticket calls", () => {
  test("send_ticket, ticket and ticket-vip answer type and message; GET changes nothing", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { title: "Expo", vip_capacity: 1 });
    const contactId = await createContact(organiser.id);
    const fields = { event_id: String(eventId), contact_id: String(contactId) };
    const asJson = (path: string, body: Record<string, string>) => {
      const request = postRequest(path, body, organiser.cookie);
      request.headers.set("Accept", "application/json");
      return request;
    };

    const general = await settle(() => ticketCallModule.action(routeArgs(asJson("/user/event/ticket", fields))));
    expect(general.status).toBe(200);
    expect(await general.json()).toMatchObject({ type: "success", message: "General ticket to Expo sent to Carla Contact." });
    const vip = await settle(() => vipCallModule.action(routeArgs(asJson("/user/event/ticket-vip", fields))));
    expect(await vip.json()).toMatchObject({ type: "success", message: "VIP ticket to Expo sent to Carla Contact." });
    const free = await settle(() => sendCallModule.action(routeArgs(asJson("/user/event/send_ticket", { ...fields, ticket_type: "free" }))));
    expect(await free.json()).toMatchObject({ type: "success" });
    const bad = await settle(() => sendCallModule.action(routeArgs(asJson("/user/event/send_ticket", { ...fields, ticket_type: "gold" }))));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ type: "error", message: "Choose free, general or VIP." });
    expect((await ticketsOf(eventId)).map((ticket) => ticket.ticket_type)).toEqual(["general", "vip", "general"]);

    // Sold out (a refusal of the ticket modal's form) is a notification too, with its status.
    const soldOut = await settle(() => vipCallModule.action(routeArgs(asJson("/user/event/ticket-vip", fields))));
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toEqual({ type: "error", message: "Sold out: there are no tickets of this type left." });
    // A form sent without JS goes back to the page it came from.
    const fromPage = postRequest("/user/event/ticket", fields, organiser.cookie);
    fromPage.headers.set("Referer", `${BASE}/user/events/${eventId}?tab=guests`);
    const sent = await settle(() => ticketCallModule.action(routeArgs(fromPage)));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/user/events/${eventId}?tab=guests`);
    expect(await flashOf(sent)).toEqual({ type: "success", message: "General ticket to Expo sent to Carla Contact." });

    const get = await settle(() =>
      ticketCallModule.loader(routeArgs(getRequest(`/user/event/ticket?event_id=${eventId}&contact_id=${contactId}`, organiser.cookie))),
    );
    expect(get.status).toBe(405);
    expect(await ticketsOf(eventId)).toHaveLength(4);
  });

  test("get_events lists the member's own events with amounts (null when free or not offered)", async () => {
    const organiser = await createSignedInMember();
    const eventId = await createEvent(organiser.id, { general_amount_cents: 2550, vip_capacity: 3, vip_amount_cents: 10000 });
    const freeOnly = await createEvent(organiser.id, { title: "Free night" });
    const other = await createSignedInMember();
    await createEvent(other.id, { title: "Not mine" });
    const contactId = await createContact(organiser.id);
    const list = await settle(() =>
      eventsForContactModule.loader(routeArgs(getRequest(`/user/events/get_events/${contactId}`, organiser.cookie), { contactId: String(contactId) })),
    );
    expect(await list.json()).toEqual([
      expect.objectContaining({ event_id: eventId, general_offered: true, vip_offered: true, general_ticket_amount: 25.5, vip_ticket_amount: 100 }),
      expect.objectContaining({ event_id: freeOnly, general_offered: true, vip_offered: false, general_ticket_amount: null, vip_ticket_amount: null }),
    ]);
  });
});
