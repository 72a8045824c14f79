import fs from "node:fs";
import { afterEach, describe, expect, test } from "vitest";
import { createContact } from "~/features/contacts/contacts.server";
import { createOffer } from "~/features/offers/offers.server";
import { OfferSchema } from "~/features/offers/schema";
import { ContactSchema } from "~/features/contacts/schema";
import { issueTicket } from "~/features/tickets/tickets.server";
import { db, nowIso } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { action as deleteAlias } from "~/routes/spec/user.event.delete";
import { loader as editAlias } from "~/routes/spec/user.event.edit.$eventId";
import { action as sendTicket } from "~/routes/spec/user.event.send_ticket";
import { action as sendGeneral } from "~/routes/spec/user.event.ticket";
import { action as sendVip } from "~/routes/spec/user.event.ticket-vip";
import { action as specInviteAction, loader as specInviteLoader } from "~/routes/spec/user.event.ticket_.invite";
import { loader as listInviteAlias } from "~/routes/spec/user.event.ticket_.list_invite_member";
import { action as deleteAction, loader as deleteLoader } from "~/routes/events/user.events.delete.$eventId";
import { action as editAction, loader as editLoader } from "~/routes/events/user.events.edit.$eventId";
import { loader as eventsOfContact } from "~/routes/spec/user.events.get_events.$contactId";
import { action as invitees } from "~/routes/spec/user.events.invitees";
import { action as checkInAction, loader as checkInLoader } from "~/routes/events/user.events_.$eventId_.check-in";
import { action as inviteAction, loader as inviteLoader } from "~/routes/events/user.events_.$eventId.invite";
import { loader as ticketsLoader } from "~/routes/events/user.events_.$eventId_.tickets";
import { action as cancelAction, loader as cancelLoader } from "~/routes/events/user.events_.$eventId_.tickets.$ticketId.cancel";
import { action as offerDeleteAction, loader as offerDeleteLoader } from "~/routes/offers/user.offers.delete.$offerId";
import { action as offerEditAction, loader as offerEditLoader } from "~/routes/offers/user.offers.edit.$offerId";
import { action as offerImagesAction, loader as offerImagesLoader } from "~/routes/offers/user.offers_.$offerId.images";
import { action as offerImageDeleteAction, loader as offerImageDeleteLoader } from "~/routes/offers/user.offers_.$offerId.images_.$fileId.delete";
import { loader as ticketPage } from "~/routes/tickets/user.tickets.$code";
import { action as invitationAction, loader as invitationLoader } from "~/routes/tickets/user.tickets.invitations.$invitationId";
import { action as imageUpload } from "~/routes/spec/user.upload.event_simple_upload_single_image";
import { createEvent } from "./event-fixtures";
import { png, uploadRequest } from "./fixtures/files";
import { createSignedInMember, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

// An event, its tickets and an offer are their owner's to change: another member gets 404 from
// every route and SPEC alias that edits, deletes, checks in, lists tickets, invites or sends,
// and nothing changes. A ticket page is its holder's and the organiser's only.

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

async function world() {
  const owner = await createSignedInMember();
  const holder = await createSignedInMember();
  const intruder = await createSignedInMember();
  const eventId = await createEvent(owner.id, { vip_capacity: 10 });
  const issued = await issueTicket({ eventId, type: "general", holderId: holder.id, issuedBy: holder.id, amountCents: 0, status: "issued" });
  if (!issued.ok) throw new Error(issued.message);
  const { id: fileId } = await db
    .insertInto("files")
    .values({
      token: `offer-image-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      owner_id: owner.id,
      kind: "product_image",
      original_name: "chair.png",
      media_type: "image/png",
      size: 10,
      width: 10,
      height: 10,
      storage_key: "product_image/none.png",
      thumbnail_key: null,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const offerId = await createOffer(owner.id, OfferSchema.parse({ title: "Chairs", price: "40", event_id: String(eventId) }), fileId);
  const now = nowIso();
  const { id: invitationId } = await db
    .insertInto("ticket_invitations")
    .values({
      event_id: eventId,
      member_id: holder.id,
      ticket_type: "vip",
      invited_by: owner.id,
      status: "invited",
      ticket_id: null,
      created_at: now,
      responded_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const ownersContact = await createContact(owner.id, { ...ContactSchema.parse({ name: "Olga Contact", email: "olga.contact@example.com" }), phone: null });
  const intrudersContact = await createContact(intruder.id, {
    ...ContactSchema.parse({ name: "Ivan Contact", email: "ivan.contact@example.com" }),
    phone: null,
  });
  const intrudersEvent = await createEvent(intruder.id, { title: "Intruder's own" });
  return {
    owner,
    holder,
    intruder,
    eventId,
    ticket: issued.ticket,
    offerId,
    fileId,
    invitationId: Number(invitationId),
    ownersContact,
    intrudersContact,
    intrudersEvent,
  };
}

type World = Awaited<ReturnType<typeof world>>;

/** Every owner-only route and alias, as `member`. */
function routes(w: World, member: TestMember) {
  const c = member.cookie;
  const event = { eventId: String(w.eventId) };
  const offer = { offerId: String(w.offerId) };
  const saveEvent = {
    csrf: "x",
    intent: "save",
    title: "Taken over",
    start_date: "2031-01-01",
    start_time: "10:00",
    end_date: "2031-01-01",
    end_time: "11:00",
    time_zone: "UTC",
  };
  return {
    "event edit (dialog)": () => editLoader(routeArgs(getRequest(`/user/events/edit/${w.eventId}`, c), event)),
    "event edit (save)": () => editAction(routeArgs(postRequest(`/user/events/edit/${w.eventId}`, saveEvent, c), event)),
    "/user/event/edit/{id}": () => editAlias(routeArgs(getRequest(`/user/event/edit/${w.eventId}`, c), event)),
    "event delete (confirm)": () => deleteLoader(routeArgs(getRequest(`/user/events/delete/${w.eventId}`, c), event)),
    "event delete (do it)": () => deleteAction(routeArgs(postRequest(`/user/events/delete/${w.eventId}`, { csrf: "x" }, c), event)),
    "/user/event/delete": () => deleteAlias(routeArgs(postRequest("/user/event/delete", { csrf: "x", event_id: String(w.eventId) }, c))),
    "event image upload": async () =>
      imageUpload(
        routeArgs(
          uploadRequest(
            "/user/upload/event_simple_upload_single_image",
            { name: "x.png", content: await png() },
            { cookie: c, fields: { csrf: "x", event_id: String(w.eventId) } },
          ),
        ),
      ),
    "check-in (page)": () => checkInLoader(routeArgs(getRequest(`/user/events/${w.eventId}/check-in`, c), event)),
    "check-in (a code)": () => checkInAction(routeArgs(postRequest(`/user/events/${w.eventId}/check-in`, { csrf: "x", code: w.ticket.code }, c), event)),
    "ticket list": () => ticketsLoader(routeArgs(getRequest(`/user/events/${w.eventId}/tickets`, c), event)),
    "ticket cancel (confirm)": () =>
      cancelLoader(routeArgs(getRequest(`/user/events/${w.eventId}/tickets/${w.ticket.id}/cancel`, c), { ...event, ticketId: String(w.ticket.id) })),
    "ticket cancel (do it)": () =>
      cancelAction(
        routeArgs(postRequest(`/user/events/${w.eventId}/tickets/${w.ticket.id}/cancel`, { csrf: "x" }, c), { ...event, ticketId: String(w.ticket.id) }),
      ),
    "invite (dialog)": () => inviteLoader(routeArgs(getRequest(`/user/events/${w.eventId}/invite?city=Oslo`, c), event)),
    "invite (invite)": () =>
      inviteAction(routeArgs(postRequest(`/user/events/${w.eventId}/invite`, { csrf: "x", ticket_type: "general", member_id: String(w.holder.id) }, c), event)),
    "/user/event/ticket/invite (page)": () => specInviteLoader(routeArgs(getRequest(`/user/event/ticket/invite?event_id=${w.eventId}`, c))),
    "/user/event/ticket/invite (invite)": () =>
      specInviteAction(
        routeArgs(postRequest(`/user/event/ticket/invite?event_id=${w.eventId}`, { csrf: "x", ticket_type: "general", member_id: String(w.holder.id) }, c)),
      ),
    "/user/event/ticket/list_invite_member": () => listInviteAlias(routeArgs(getRequest(`/user/event/ticket/list_invite_member?event_id=${w.eventId}`, c))),
    "/user/events/invitees": () => invitees(routeArgs(postRequest("/user/events/invitees", { csrf: "x", event_id: String(w.eventId) }, c))),
    "/user/event/send_ticket (their event)": () =>
      sendTicket(
        routeArgs(
          postRequest("/user/event/send_ticket", { csrf: "x", event_id: String(w.eventId), contact_id: String(w.intrudersContact), ticket_type: "free" }, c),
        ),
      ),
    "/user/event/send_ticket (their contact)": () =>
      sendTicket(
        routeArgs(
          postRequest(
            "/user/event/send_ticket",
            { csrf: "x", event_id: String(w.intrudersEvent), contact_id: String(w.ownersContact), ticket_type: "free" },
            c,
          ),
        ),
      ),
    "/user/event/ticket": () =>
      sendGeneral(routeArgs(postRequest("/user/event/ticket", { csrf: "x", event_id: String(w.eventId), contact_id: String(w.intrudersContact) }, c))),
    "/user/event/ticket-vip": () =>
      sendVip(routeArgs(postRequest("/user/event/ticket-vip", { csrf: "x", event_id: String(w.eventId), contact_id: String(w.intrudersContact) }, c))),
    "/user/events/get_events/{contact_id}": () =>
      eventsOfContact(routeArgs(getRequest(`/user/events/get_events/${w.ownersContact}`, c), { contactId: String(w.ownersContact) })),
    "offer edit (dialog)": () => offerEditLoader(routeArgs(getRequest(`/user/offers/edit/${w.offerId}`, c), offer)),
    "offer edit (save)": () => offerEditAction(routeArgs(postRequest(`/user/offers/edit/${w.offerId}`, { csrf: "x", title: "Taken over" }, c), offer)),
    "offer delete (confirm)": () => offerDeleteLoader(routeArgs(getRequest(`/user/offers/delete/${w.offerId}`, c), offer)),
    "offer delete (do it)": () => offerDeleteAction(routeArgs(postRequest(`/user/offers/delete/${w.offerId}`, { csrf: "x" }, c), offer)),
    "offer images": () => offerImagesLoader(routeArgs(getRequest(`/user/offers/${w.offerId}/images`, c), offer)),
    "offer images (upload)": async () =>
      offerImagesAction(routeArgs(uploadRequest(`/user/offers/${w.offerId}/images`, { name: "x.png", content: await png() }, { cookie: c }), offer)),
    "offer image delete (confirm)": () =>
      offerImageDeleteLoader(routeArgs(getRequest(`/user/offers/${w.offerId}/images/${w.fileId}/delete`, c), { ...offer, fileId: String(w.fileId) })),
    "offer image delete (do it)": () =>
      offerImageDeleteAction(
        routeArgs(postRequest(`/user/offers/${w.offerId}/images/${w.fileId}/delete`, { csrf: "x" }, c), { ...offer, fileId: String(w.fileId) }),
      ),
    "ticket page": () => ticketPage(routeArgs(getRequest(`/user/tickets/${w.ticket.code}`, c), { code: w.ticket.code })),
    "ticket invitation (page)": () =>
      invitationLoader(routeArgs(getRequest(`/user/tickets/invitations/${w.invitationId}`, c), { invitationId: String(w.invitationId) })),
    "ticket invitation (accept)": () =>
      invitationAction(
        routeArgs(postRequest(`/user/tickets/invitations/${w.invitationId}`, { csrf: "x", intent: "accept" }, c), { invitationId: String(w.invitationId) }),
      ),
  };
}

async function snapshot(w: World) {
  return {
    event: await db.selectFrom("events").selectAll().where("id", "=", w.eventId).executeTakeFirst(),
    tickets: await db.selectFrom("tickets").selectAll().where("event_id", "=", w.eventId).orderBy("id").execute(),
    invitations: await db.selectFrom("ticket_invitations").selectAll().where("event_id", "=", w.eventId).orderBy("id").execute(),
    offer: await db.selectFrom("products").selectAll().where("id", "=", w.offerId).executeTakeFirst(),
    images: await db.selectFrom("product_images").selectAll().where("product_id", "=", w.offerId).execute(),
    intrudersTickets: await db.selectFrom("tickets").select("id").where("contact_id", "in", [w.ownersContact, w.intrudersContact]).execute(),
  };
}

describe("events, tickets and offers are their owner's", () => {
  test("another member gets 404 from every owner-only route and alias, and nothing changes", async () => {
    const w = await world();
    const before = await snapshot(w);
    const outcomes: Record<string, number> = {};
    for (const [name, call] of Object.entries(routes(w, w.intruder))) outcomes[name] = (await settle(call)).status;
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(outcomes).map((name) => [name, 404])));
    expect(await snapshot(w)).toEqual(before);
  });

  test("the same routes answer their owner (so the 404s above are about who asks)", async () => {
    const w = await world();
    const all = routes(w, w.owner);
    const ok = async (name: keyof typeof all) => (await settle(all[name])).status;
    for (const name of [
      "event edit (dialog)",
      "event delete (confirm)",
      "check-in (page)",
      "ticket list",
      "ticket cancel (confirm)",
      "invite (dialog)",
      "/user/event/ticket/invite (page)",
      "/user/event/ticket/list_invite_member",
      "offer edit (dialog)",
      "offer delete (confirm)",
      "offer images",
      "offer image delete (confirm)",
      "ticket page",
      "/user/events/get_events/{contact_id}",
    ] as const) {
      expect([name, (await ok(name)) < 400]).toEqual([name, true]);
    }
    expect(await ok("/user/event/edit/{id}")).toBe(302);
    // The holder sees the ticket and the invitation; the organiser sees the ticket too.
    const mine = routes(w, w.holder);
    expect((await settle(mine["ticket page"])).status).toBe(200);
    expect((await settle(mine["ticket invitation (page)"])).status).toBe(200);
  });
});

describe("ids past the database's integer", () => {
  // PostgreSQL's integer refuses a larger value with an error: such an id is simply not found.
  test("answer 404, not an error", async () => {
    const w = await world();
    const c = w.owner.cookie;
    for (const id of ["2147483648", "999999999999999"]) {
      const answers = {
        "event edit": await settle(() => editLoader(routeArgs(getRequest(`/user/events/edit/${id}`, c), { eventId: id }))),
        "ticket list": await settle(() => ticketsLoader(routeArgs(getRequest(`/user/events/${id}/tickets`, c), { eventId: id }))),
        "offer edit": await settle(() => offerEditLoader(routeArgs(getRequest(`/user/offers/edit/${id}`, c), { offerId: id }))),
        "ticket cancel": await settle(() =>
          cancelLoader(routeArgs(getRequest(`/user/events/${w.eventId}/tickets/${id}/cancel`, c), { eventId: String(w.eventId), ticketId: id })),
        ),
        invitation: await settle(() => invitationLoader(routeArgs(getRequest(`/user/tickets/invitations/${id}`, w.holder.cookie), { invitationId: id }))),
      };
      for (const [name, response] of Object.entries(answers)) expect([id, name, response.status]).toEqual([id, name, 404]);
    }
  });
});
