import { describe, expect, test } from "vitest";
import type { MemberType } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { listOutbox } from "~/lib/mail.server";
import * as specInviteModule from "~/routes/spec/user.event.ticket_.invite";
import * as inviteModule from "~/routes/events/user.events_.$eventId.invite";
import * as listAliasModule from "~/routes/spec/user.event.ticket_.list_invite_member";
import * as inviteesModule from "~/routes/spec/user.events.invitees";
import * as invitationModule from "~/routes/tickets/user.tickets.invitations.$invitationId";
import * as myTicketsModule from "~/routes/tickets/user.tickets._index";
import { createEvent, eventCounters, ticketsOf } from "./event-fixtures";
import { createSignedInMember, flashOf, getRequest, postRequest, routeArgs, settle, type TestMember } from "./helpers";

type Profile = Partial<{ occupation: string; industry: string; business: string; business_type: string; country: string; province: string; city: string }>;

async function member(name: string, memberType: MemberType = "entrepreneur", profile: Profile = {}) {
  const created = await createSignedInMember({ name, memberType });
  if (Object.keys(profile).length) await db.updateTable("users").set(profile).where("id", "=", created.id).execute();
  return created;
}

function dialog(member: TestMember, eventId: number | string, query = "") {
  return settle(() => inviteModule.loader(routeArgs(getRequest(`/user/events/${eventId}/invite${query}`, member.cookie), { eventId: String(eventId) })));
}

async function candidates(organiser: TestMember, eventId: number, query = "") {
  const response = await dialog(organiser, eventId, query);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { members: { id: number; name: string; invitation_status: string | null }[]; total: number };
  return body;
}

async function names(organiser: TestMember, eventId: number, query = "") {
  return (await candidates(organiser, eventId, query)).members.map((item) => item.name);
}

function inviteRequest(organiser: TestMember, path: string, memberIds: number[], type: string) {
  const body = new URLSearchParams({ ticket_type: type });
  for (const id of memberIds) body.append("member_id", String(id));
  return new Request(`http://chapter.test${path}`, {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: organiser.cookie },
  });
}

/** The dialog's Invite button, posted from the dialog showing `query`'s filters. */
function invite(organiser: TestMember, eventId: number, memberIds: number[], type = "general", query = "") {
  const request = inviteRequest(organiser, `/user/events/${eventId}/invite${query}`, memberIds, type);
  return settle(() => inviteModule.action(routeArgs(request, { eventId: String(eventId) })));
}

/** The same form posted to SPEC.md's address. */
function inviteAtSpecAddress(organiser: TestMember, eventId: number, memberIds: number[], type = "general", query = "") {
  const request = inviteRequest(organiser, `/user/event/ticket/invite?event_id=${eventId}${query}`, memberIds, type);
  return settle(() => specInviteModule.action(routeArgs(request)));
}

function specAddress(member: TestMember, path: string) {
  const module = path.startsWith("/user/event/ticket/invite") ? specInviteModule : listAliasModule;
  return settle(() => module.loader(routeArgs(getRequest(path, member.cookie))));
}

async function invitationOf(memberId: number, eventId: number) {
  return db.selectFrom("ticket_invitations").selectAll().where("member_id", "=", memberId).where("event_id", "=", eventId).executeTakeFirstOrThrow();
}

function answer(who: TestMember, invitationId: number, intent: string) {
  return settle(() =>
    invitationModule.action(
      routeArgs(postRequest(`/user/tickets/invitations/${invitationId}`, { intent }, who.cookie), { invitationId: String(invitationId) }),
    ),
  );
}

describe("ticket invitations: filters", () => {
  test("members are filtered by type, occupation, position, industry, place, business, business type, meet place and not yet invited", async () => {
    const organiser = await member("Olga Organiser");
    const eventId = await createEvent(organiser.id);
    const ann = await member("Ann Angel", "investor", { occupation: "Angel investor", industry: "Fintech", country: "CA", province: "ON", city: "Toronto" });
    const ben = await member("Ben Builder", "entrepreneur", {
      occupation: "CEO",
      industry: "Construction",
      business: "Builder Bros",
      business_type: "Partnership",
      country: "CA",
      province: "BC",
      city: "Vancouver",
    });
    const cat = await member("Cat Contact", "business_contact", { occupation: "Chief Financial Officer", business: "Acme Corp", business_type: "Corporation" });
    const disabled = await member("Dan Disabled");
    await db.updateTable("users").set({ disabled_at: nowIso() }).where("id", "=", disabled.id).execute();
    // Where the organiser met Ben: their contact with Ben's e-mail.
    await db
      .insertInto("contacts")
      .values({
        owner_id: organiser.id,
        name: "Ben",
        email: ben.email.toLowerCase(),
        meet_place: "Golf Club Mississauga",
        is_important: 0,
        created_at: nowIso(),
        updated_at: nowIso(),
      } as never)
      .execute();

    expect(await names(organiser, eventId)).toEqual(["Ann Angel", "Ben Builder", "Cat Contact"]);
    expect(await names(organiser, eventId, "?member_type=investor")).toEqual(["Ann Angel"]);
    expect(await names(organiser, eventId, "?occupation=angel")).toEqual(["Ann Angel"]);
    expect(await names(organiser, eventId, "?position=officer")).toEqual(["Cat Contact"]);
    expect(await names(organiser, eventId, "?industry=FINTECH")).toEqual(["Ann Angel"]);
    expect(await names(organiser, eventId, "?country=CA")).toEqual(["Ann Angel", "Ben Builder"]);
    expect(await names(organiser, eventId, "?country=CA&province=BC")).toEqual(["Ben Builder"]);
    expect(await names(organiser, eventId, "?country=CA&province=ON&city=Toronto")).toEqual(["Ann Angel"]);
    expect(await names(organiser, eventId, "?business=acme")).toEqual(["Cat Contact"]);
    expect(await names(organiser, eventId, "?business_type=partner")).toEqual(["Ben Builder"]);
    expect(await names(organiser, eventId, "?meet_place=golf")).toEqual(["Ben Builder"]);
    expect(await names(organiser, eventId, "?meet_place=tennis")).toEqual([]);
    expect(await names(organiser, eventId, "?member_type=nonsense&occupation=%25")).toEqual([]);

    expect((await invite(organiser, eventId, [ann.id])).status).toBe(302);
    expect(await names(organiser, eventId, "?non_invite=1")).toEqual(["Ben Builder", "Cat Contact"]);
    expect((await candidates(organiser, eventId)).members.find((item) => item.id === ann.id)?.invitation_status).toBe("invited");
    void cat;
  });

  test("the organiser only: another member gets 404 from the dialog, its invite form, SPEC.md's addresses and the invitees call", async () => {
    const organiser = await member("Olga Organiser");
    const eventId = await createEvent(organiser.id);
    const other = await member("Oscar Other");
    const target = await member("Tina Target");
    expect((await dialog(other, eventId)).status).toBe(404);
    expect((await invite(other, eventId, [target.id])).status).toBe(404);
    expect((await specAddress(other, `/user/event/ticket/invite?event_id=${eventId}`)).status).toBe(404);
    expect((await specAddress(other, `/user/event/ticket/list_invite_member?event_id=${eventId}`)).status).toBe(404);
    expect((await inviteAtSpecAddress(other, eventId, [target.id])).status).toBe(404);
    expect(
      (
        await settle(() =>
          inviteesModule.action(
            routeArgs(postRequest("/user/events/invitees", { event_id: String(eventId), member_id: String(target.id), ticket_type: "general" }, other.cookie)),
          ),
        )
      ).status,
    ).toBe(404);
    expect((await dialog(organiser, "nope")).status).toBe(404);
    expect((await specAddress(organiser, "/user/event/ticket/invite?event_id=nope")).status).toBe(404);
    expect((await specAddress(organiser, "/user/event/ticket/invite")).status).toBe(404);
    expect(await db.selectFrom("ticket_invitations").selectAll().execute()).toEqual([]);
  });

  test("SPEC.md's addresses lead to the dialog over the event page, filters and page kept", async () => {
    const organiser = await member("Olga Organiser");
    const eventId = await createEvent(organiser.id);
    const spec = await specAddress(organiser, `/user/event/ticket/invite?event_id=${eventId}&member_type=investor&city=Oslo&non_invite=1&page=2`);
    expect(spec.status).toBe(302);
    expect(spec.headers.get("Location")).toBe(`/user/events/${eventId}/invite?member_type=investor&city=Oslo&non_invite=1&page=2`);
    const plain = await specAddress(organiser, `/user/event/ticket/invite?event_id=${eventId}`);
    expect(plain.headers.get("Location")).toBe(`/user/events/${eventId}/invite`);
    const alias = await specAddress(organiser, `/user/event/ticket/list_invite_member?event_id=${eventId}&city=Oslo`);
    expect(alias.headers.get("Location")).toBe(`/user/events/${eventId}/invite?city=Oslo`);
  });

  test("inviting answers back in the dialog with its filters, from the dialog and from SPEC.md's address", async () => {
    const organiser = await member("Olga Organiser");
    const eventId = await createEvent(organiser.id);
    const ann = await member("Ann Angel", "investor");
    const ben = await member("Ben Builder");
    const fromDialog = await invite(organiser, eventId, [ann.id], "general", "?member_type=investor&non_invite=1");
    expect(fromDialog.status).toBe(302);
    expect(fromDialog.headers.get("Location")).toBe(`/user/events/${eventId}/invite?member_type=investor&non_invite=1`);
    expect(await flashOf(fromDialog)).toEqual({ type: "success", message: "1 member is invited to a General ticket." });
    const fromSpec = await inviteAtSpecAddress(organiser, eventId, [ben.id], "general", "&city=Oslo");
    expect(fromSpec.status).toBe(302);
    expect(fromSpec.headers.get("Location")).toBe(`/user/events/${eventId}/invite?city=Oslo`);
    expect(await flashOf(fromSpec)).toEqual({ type: "success", message: "1 member is invited to a General ticket." });
    expect((await invitationOf(ben.id, eventId)).status).toBe("invited");
    const refused = await inviteAtSpecAddress(organiser, eventId, []);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ errors: { member_id: ["Choose at least one member."] } });
  });
});

describe("ticket invitations: inviting, accepting, declining", () => {
  test("invitees are notified in the app and by e-mail; accepting issues a free ticket within capacity", async () => {
    const organiser = await member("Olga Organiser");
    const eventId = await createEvent(organiser.id, { title: "Investor Summit", vip_capacity: 1, vip_amount_cents: 50000 });
    const ann = await member("Ann Angel");
    const ben = await member("Ben Builder");

    const response = await invite(organiser, eventId, [ann.id, ben.id, organiser.id], "vip");
    expect(response.status).toBe(302);
    expect(await flashOf(response)).toEqual({ type: "success", message: "2 members are invited to a VIP ticket." });
    const again = await invite(organiser, eventId, [ann.id], "vip");
    expect(await flashOf(again)).toEqual({ type: "info", message: "Nobody new to invite: the members you chose are already invited." });

    const annInvitation = await invitationOf(ann.id, eventId);
    expect(annInvitation).toMatchObject({ status: "invited", ticket_type: "vip", invited_by: organiser.id });
    const [notification] = await db.selectFrom("notifications").selectAll().where("member_id", "=", ann.id).execute();
    expect(notification).toMatchObject({ kind: "ticket_invitation", link_url: `/user/tickets/invitations/${annInvitation.id}`, actor_id: organiser.id });
    expect(notification.message).toContain("Olga Organiser invites you: a VIP ticket to Investor Summit");
    const mail = (await listOutbox()).find((message) => message.to === ann.email)!;
    expect(mail.subject).toBe("Invitation: Investor Summit");
    expect(mail.text).toContain(`http://chapter.test/user/tickets/invitations/${annInvitation.id}`);

    const mine = (await (await settle(() => myTicketsModule.loader(routeArgs(getRequest("/user/tickets", ann.cookie))))).json()) as {
      invitations: { id: number }[];
    };
    expect(mine.invitations.map((item) => item.id)).toEqual([annInvitation.id]);

    // Someone else's invitation is not found.
    expect(
      (
        await settle(() =>
          invitationModule.loader(
            routeArgs(getRequest(`/user/tickets/invitations/${annInvitation.id}`, ben.cookie), { invitationId: String(annInvitation.id) }),
          ),
        )
      ).status,
    ).toBe(404);
    expect((await answer(ben, annInvitation.id, "accept")).status).toBe(404);

    const accepted = await answer(ann, annInvitation.id, "accept");
    expect(accepted.status).toBe(302);
    const [ticket] = await ticketsOf(eventId);
    expect(ticket).toMatchObject({ holder_id: ann.id, ticket_type: "vip", amount_cents: 0, status: "issued", issued_by: organiser.id });
    expect(accepted.headers.get("Location")).toBe(`/user/tickets/${ticket.code}`);
    expect(await flashOf(accepted)).toEqual({ type: "success", message: "Your VIP ticket for Investor Summit is issued." });
    expect(await invitationOf(ann.id, eventId)).toMatchObject({ status: "accepted", ticket_id: ticket.id });
    expect((await answer(ann, annInvitation.id, "accept")).status).toBe(400);

    // The only VIP seat is gone: Ben's acceptance is refused and his invitation stays open.
    const benInvitation = await invitationOf(ben.id, eventId);
    const soldOut = await answer(ben, benInvitation.id, "accept");
    expect(soldOut.status).toBe(409);
    expect(await soldOut.json()).toEqual({ message: "Sold out: there are no tickets of this type left." });
    expect((await invitationOf(ben.id, eventId)).status).toBe("invited");
    expect((await eventCounters(eventId)).vip_taken).toBe(1);

    const declined = await answer(ben, benInvitation.id, "decline");
    expect(declined.status).toBe(302);
    expect(await flashOf(declined)).toEqual({ type: "success", message: "You declined the invitation to Investor Summit." });
    expect((await invitationOf(ben.id, eventId)).status).toBe("declined");
    expect((await answer(ben, benInvitation.id, "nonsense")).status).toBe(400);
  });

  test("a member who already holds a ticket of the type accepts with it (no second seat)", async () => {
    const organiser = await member("Olga Organiser");
    const eventId = await createEvent(organiser.id);
    const ann = await member("Ann Angel");
    const { issueTicket } = await import("~/features/tickets/tickets.server");
    const bought = await issueTicket({ eventId, type: "general", holderId: ann.id, issuedBy: null, amountCents: 0, status: "issued" });
    expect(bought.ok).toBe(true);
    await invite(organiser, eventId, [ann.id]);
    const invitation = await invitationOf(ann.id, eventId);
    const accepted = await answer(ann, invitation.id, "accept");
    expect(accepted.status).toBe(302);
    expect(await flashOf(accepted)).toEqual({
      type: "success",
      message: "You already have a General ticket for this event. The invitation is accepted with it.",
    });
    expect(await ticketsOf(eventId)).toHaveLength(1);
    expect((await eventCounters(eventId)).general_taken).toBe(1);
    expect((await invitationOf(ann.id, eventId)).status).toBe("accepted");
  });

  test("bad invite forms: no member chosen, a type the event does not offer", async () => {
    const organiser = await member("Olga Organiser");
    const eventId = await createEvent(organiser.id);
    const ann = await member("Ann Angel");
    const none = await invite(organiser, eventId, []);
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ errors: { member_id: ["Choose at least one member."] } });
    const vip = await invite(organiser, eventId, [ann.id], "vip");
    expect(vip.status).toBe(400);
    expect(await vip.json()).toEqual({ errors: { ticket_type: ["This event does not offer tickets of this type."] } });
    const alias = await settle(() =>
      inviteesModule.action(
        routeArgs(postRequest("/user/events/invitees", { event_id: String(eventId), member_id: String(ann.id), ticket_type: "general" }, organiser.cookie)),
      ),
    );
    expect(await alias.json()).toEqual({ type: "success", alert: "1 member is invited to a General ticket.", invited: 1 });
  });
});
