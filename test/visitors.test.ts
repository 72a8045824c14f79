import { describe, expect, test } from "vitest";
import { deleteAccount } from "~/features/account/delete-account.server";
import { db, nowIso } from "~/lib/db.server";
import { loader as checkInLoader } from "~/routes/events/user.events_.$eventId_.check-in";
import { loader as eventLoader } from "~/routes/events/user.events_.$eventId";
import { action as visitorsAction, loader as visitorsLoader } from "~/routes/events/user.events_.$eventId.visitors";
import { createEvent } from "./event-fixtures";
import { createSignedInMember, flashOf, getRequest, postRequest, replyErrors, routeArgs, settle, type TestMember } from "./helpers";

function post(member: TestMember, eventId: number, fields: Record<string, string>) {
  const path = `/user/events/${eventId}/visitors`;
  return settle(() => visitorsAction(routeArgs(postRequest(path, { csrf: "x", ...fields }, member.cookie), { eventId: String(eventId) })));
}

function open(member: TestMember, eventId: number) {
  return settle(() => visitorsLoader(routeArgs(getRequest(`/user/events/${eventId}/visitors`, member.cookie), { eventId: String(eventId) })));
}

type Listed = { visitors: { id: number; name: string; brought_by: string; mine: boolean }[]; event: { seesAll: boolean } };

async function going(member: TestMember, eventId: number) {
  await db.insertInto("event_statuses").values({ event_id: eventId, member_id: member.id, interested: 0, going: 1, updated_at: nowIso() }).execute();
}

async function setting() {
  const organiser = await createSignedInMember({ name: "Olu Organiser" });
  const ada = await createSignedInMember({ name: "Ada Obi" });
  const bo = await createSignedInMember({ name: "Bo Chen" });
  const cy = await createSignedInMember({ name: "Cy Dee" });
  const eventId = await createEvent(organiser.id, { title: "Breakfast meeting" });
  await going(ada, eventId);
  await going(bo, eventId);
  return { organiser, ada, bo, cy, eventId };
}

describe("visitors", () => {
  test("a member going records a visitor; the member sees their own, the organiser everyone's, the door lists them", async () => {
    const { organiser, ada, bo, eventId } = await setting();
    const added = await post(ada, eventId, { intent: "add", name: "Vera Visitor", email: "Vera@Example.com", business: "Vera's Bakery" });
    expect(await flashOf(added)).toEqual({ type: "success", message: "Vera Visitor is recorded as your visitor at Breakfast meeting." });
    expect((await post(bo, eventId, { intent: "add", name: "Will Walker" })).status).toBe(302);

    const adas = (await (await open(ada, eventId)).json()) as Listed;
    expect(adas.event.seesAll).toBe(false);
    expect(adas.visitors).toMatchObject([{ name: "Vera Visitor", mine: true }]);
    const organisers = (await (await open(organiser, eventId)).json()) as Listed;
    expect(organisers.visitors.map((visitor) => [visitor.name, visitor.brought_by])).toEqual([
      ["Vera Visitor", "Ada Obi"],
      ["Will Walker", "Bo Chen"],
    ]);
    const door = (await (
      await settle(() => checkInLoader(routeArgs(getRequest(`/user/events/${eventId}/check-in`, organiser.cookie), { eventId: String(eventId) })))
    ).json()) as Listed;
    expect(door.visitors.map((visitor) => visitor.name)).toEqual(["Vera Visitor", "Will Walker"]);
    const stored = await db.selectFrom("visitors").select(["email", "business"]).where("name", "=", "Vera Visitor").executeTakeFirstOrThrow();
    expect(stored).toEqual({ email: "vera@example.com", business: "Vera's Bakery" });
  });

  test("a bad visitor is refused beside its field", async () => {
    const { ada, eventId } = await setting();
    const response = await post(ada, eventId, { intent: "add", name: " ", email: "not an address" });
    expect(response.status).toBe(400);
    expect(await replyErrors(response)).toMatchObject({ name: ["Name is required."], email: ["Please provide a valid email address."] });
  });

  test("a member neither going nor holding a ticket gets 404, and the event page offers no link", async () => {
    const { cy, eventId } = await setting();
    expect((await open(cy, eventId)).status).toBe(404);
    expect((await post(cy, eventId, { intent: "add", name: "Someone" })).status).toBe(404);
    const page = (await (
      await settle(() => eventLoader(routeArgs(getRequest(`/user/events/${eventId}`, cy.cookie), { eventId: String(eventId) })))
    ).json()) as {
      visitors: unknown;
    };
    expect(page.visitors).toBeNull();
    expect((await open(cy, 999_999)).status).toBe(404);
  });

  test("only the member who brought a visitor removes or invites them; another member gets 404", async () => {
    const { organiser, ada, bo, eventId } = await setting();
    await post(ada, eventId, { intent: "add", name: "Vera Visitor", email: "vera@example.com", business: "Vera's Bakery" });
    const visitor = await db.selectFrom("visitors").select("id").where("name", "=", "Vera Visitor").executeTakeFirstOrThrow();
    expect((await post(bo, eventId, { intent: "remove", visitorId: String(visitor.id) })).status).toBe(404);
    expect((await post(bo, eventId, { intent: "invite", visitorId: String(visitor.id) })).status).toBe(404);
    expect((await post(organiser, eventId, { intent: "invite", visitorId: String(visitor.id) })).status).toBe(404);

    // Inviting makes the visitor one of Ada's contacts and opens the existing invitation form.
    const invited = await post(ada, eventId, { intent: "invite", visitorId: String(visitor.id) });
    expect(invited.status).toBe(302);
    const contact = await db
      .selectFrom("contacts")
      .select(["id", "name", "email", "company", "meet_place"])
      .where("owner_id", "=", ada.id)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ name: "Vera Visitor", email: "vera@example.com", company: "Vera's Bakery", meet_place: "Breakfast meeting" });
    expect(invited.headers.get("Location")).toBe(`/user/contacts/${contact.id}/invite?back=${encodeURIComponent(`/user/events/${eventId}/visitors`)}`);
    // Again: the same contact, not a second one.
    await post(ada, eventId, { intent: "invite", visitorId: String(visitor.id) });
    expect(await db.selectFrom("contacts").select("id").where("owner_id", "=", ada.id).execute()).toHaveLength(1);

    const removed = await post(ada, eventId, { intent: "remove", visitorId: String(visitor.id) });
    expect(await flashOf(removed)).toEqual({ type: "success", message: "Vera Visitor is no longer listed as your visitor." });
    expect(await db.selectFrom("visitors").select("id").execute()).toHaveLength(0);
  });

  test("a member who leaves: their visitors stay on the door's list, brought by a former member", async () => {
    const { organiser, ada, eventId } = await setting();
    await post(ada, eventId, { intent: "add", name: "Vera Visitor" });
    expect(await deleteAccount(ada.id)).toEqual({ ok: true });
    const listed = (await (await open(organiser, eventId)).json()) as Listed;
    expect(listed.visitors.map((visitor) => [visitor.name, visitor.brought_by])).toEqual([["Vera Visitor", "A former member"]]);
  });
});
