import { createContact } from "~/features/contacts/contacts.server";
import { db, nowIso } from "~/lib/db.server";
import type { Member } from "~/lib/session.server";
import type { VisitorInput } from "./schema";

/** At most this many visitors a member records for one event (a guard against a runaway form). */
export const MAX_VISITORS_PER_EVENT = 50;

type Viewer = Pick<Member, "id" | "role">;

/**
 * The event if the member may record visitors for it: its organiser, an admin, or a member
 * going to it or holding an issued ticket for it. `seesAll`: the organiser and admins see every
 * member's visitors (the door needs them); others see only their own. Null: not found.
 */
export async function visitorsEvent(viewer: Viewer, eventId: number) {
  const event = await db
    .selectFrom("events")
    .leftJoin("event_statuses as mine", (join) => join.onRef("mine.event_id", "=", "events.id").on("mine.member_id", "=", viewer.id))
    .select(["events.id", "events.title", "events.owner_id", "mine.going"])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("tickets")
            .select("tickets.id")
            .whereRef("tickets.event_id", "=", "events.id")
            .where("tickets.holder_id", "=", viewer.id)
            .where("tickets.status", "=", "issued"),
        )
        .as("has_ticket"),
    )
    .where("events.id", "=", eventId)
    .executeTakeFirst();
  if (!event) return null;
  const seesAll = event.owner_id === viewer.id || viewer.role === "admin";
  if (!seesAll && event.going !== 1 && !event.has_ticket) return null;
  return { id: event.id, title: event.title, seesAll };
}

/** An event's visitors with who brought them, the latest recorded last; only the member's own
 * unless `seesAll`. */
export async function listVisitors(eventId: number, viewer: Viewer, seesAll: boolean) {
  let query = db
    .selectFrom("visitors")
    .innerJoin("users as member", "member.id", "visitors.brought_by_id")
    .select([
      "visitors.id",
      "visitors.name",
      "visitors.email",
      "visitors.business",
      "visitors.brought_by_id",
      "visitors.contact_id",
      "member.name as brought_by",
    ])
    .where("visitors.event_id", "=", eventId);
  if (!seesAll) query = query.where("visitors.brought_by_id", "=", viewer.id);
  const rows = await query.orderBy("visitors.id").execute();
  return rows.map(({ brought_by_id, ...row }) => ({ ...row, mine: brought_by_id === viewer.id }));
}

export type VisitorOutcome = { ok: true; id: number } | { ok: false; message: string };

/** Records a visitor the member brought to the event (one the member may record for). */
export async function addVisitor(eventId: number, memberId: number, input: VisitorInput): Promise<VisitorOutcome> {
  const { count } = await db
    .selectFrom("visitors")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("event_id", "=", eventId)
    .where("brought_by_id", "=", memberId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_VISITORS_PER_EVENT) return { ok: false, message: `You can record at most ${MAX_VISITORS_PER_EVENT} visitors for one event.` };
  const { id } = await db
    .insertInto("visitors")
    .values({
      event_id: eventId,
      brought_by_id: memberId,
      name: input.name,
      email: input.email,
      business: input.business,
      contact_id: null,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { ok: true, id };
}

/** A visitor the member brought, or null (another member's is as if there were none). */
export async function ownVisitor(memberId: number, visitorId: number) {
  return (
    (await db
      .selectFrom("visitors")
      .innerJoin("events", "events.id", "visitors.event_id")
      .select([
        "visitors.id",
        "visitors.event_id",
        "visitors.name",
        "visitors.email",
        "visitors.business",
        "visitors.contact_id",
        "events.title as event_title",
      ])
      .where("visitors.id", "=", visitorId)
      .where("visitors.brought_by_id", "=", memberId)
      .executeTakeFirst()) ?? null
  );
}

/** Removes a visitor the member recorded by mistake; false when it is not theirs. */
export async function removeVisitor(memberId: number, visitorId: number) {
  const result = await db.deleteFrom("visitors").where("id", "=", visitorId).where("brought_by_id", "=", memberId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The member's contact for their visitor, so that the existing invitation (which belongs to a
 * contact) can be sent: the one made before, else the member's contact with the visitor's
 * e-mail, else a new contact (met at the event, with the visitor's business).
 */
export async function contactForVisitor(memberId: number, visitor: NonNullable<Awaited<ReturnType<typeof ownVisitor>>>) {
  if (visitor.contact_id) {
    const kept = await db.selectFrom("contacts").select("id").where("id", "=", visitor.contact_id).where("owner_id", "=", memberId).executeTakeFirst();
    if (kept) return kept.id;
  }
  const known = visitor.email
    ? await db.selectFrom("contacts").select("id").where("owner_id", "=", memberId).where("email", "=", visitor.email).executeTakeFirst()
    : undefined;
  const contactId =
    known?.id ??
    (await createContact(memberId, {
      name: visitor.name,
      email: visitor.email,
      phone: null,
      country: null,
      province: null,
      city: null,
      occupation: null,
      meet_place: visitor.event_title.slice(0, 120),
    }));
  if (!known && visitor.business) await db.updateTable("contacts").set({ company: visitor.business }).where("id", "=", contactId).execute();
  await db.updateTable("visitors").set({ contact_id: contactId }).where("id", "=", visitor.id).execute();
  return contactId;
}
