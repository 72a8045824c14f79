import { type ExpressionBuilder, sql } from "kysely";
import type { DB } from "~/lib/db-schema";
import { compiledPerLimit, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { deleteFile, fileUrl, mediumSize } from "~/lib/files.server";
import { pageWindow } from "~/lib/paging";
import { formatDate, joinPlace } from "~/lib/format";
import { placeParts } from "~/lib/places.server";
import { notify } from "~/features/notifications/notifications.server";
import type { StatusType } from "./constants";
import type { EventInput } from "./schema";
import { wallClockToUtc } from "./time";
import { clubCurrency } from "~/lib/club.server";

export const PAGE_SIZE = 12;

export type EventWhen = "upcoming" | "past";

function escapeLike(value: string) {
  return value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
}

function columnsOf(input: EventInput) {
  const startsAt = `${input.start_date}T${input.start_time}`;
  const endsAt = `${input.end_date}T${input.end_time}`;
  return {
    title: input.title,
    description: input.description,
    starts_at: startsAt,
    ends_at: endsAt,
    time_zone: input.time_zone,
    starts_at_utc: wallClockToUtc(startsAt, input.time_zone),
    ends_at_utc: wallClockToUtc(endsAt, input.time_zone),
    venue: input.venue,
    country: input.country,
    province: input.province,
    city: input.city,
    general_capacity: input.general_capacity,
    general_amount_cents: input.general_capacity === null ? null : input.general_amount,
    vip_capacity: input.vip_capacity,
    vip_amount_cents: input.vip_capacity === null ? null : input.vip_amount,
  };
}

export async function createEvent(ownerId: number, input: EventInput, imageId: number | null = null) {
  const now = nowIso();
  const { id } = await db
    .insertInto("events")
    .values({ ...columnsOf(input), owner_id: ownerId, image_id: imageId, currency: await clubCurrency(), created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export type EventUpdate = { saved: true } | { saved: false; notFound: true } | { saved: false; notFound?: false; errors: Record<string, string> };

/**
 * Saves the owner's changes; a new image replaces (and deletes) the old one. The capacities
 * are written only if they still hold the seats taken at that moment: the check is part of the
 * UPDATE itself (… WHERE general_taken <= new capacity), so a ticket bought between the form's
 * check and this write, on any instance, refuses the change instead of overbooking. Refused,
 * nothing is written and `errors` says why, by field.
 */
export async function updateEvent(ownerId: number, eventId: number, input: EventInput, imageId?: number | null): Promise<EventUpdate> {
  const holds = (eb: ExpressionBuilder<DB, "events">, taken: "general_taken" | "vip_taken", capacity: number | null) =>
    capacity === null ? eb(taken, "=", 0) : eb(taken, "<=", capacity);
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await db.selectFrom("events").select("image_id").where("id", "=", eventId).where("owner_id", "=", ownerId).executeTakeFirst();
    if (!before) return { saved: false, notFound: true };
    const result = await db
      .updateTable("events")
      .set({ ...columnsOf(input), ...(imageId !== undefined ? { image_id: imageId } : {}), updated_at: nowIso() })
      .where("id", "=", eventId)
      .where("owner_id", "=", ownerId)
      .where((eb) => eb.and([holds(eb, "general_taken", input.general_capacity), holds(eb, "vip_taken", input.vip_capacity)]))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      if (imageId !== undefined && before.image_id && before.image_id !== imageId) await deleteFile(before.image_id);
      return { saved: true };
    }
    const seats = await db
      .selectFrom("events")
      .select(["general_taken", "vip_taken"])
      .where("id", "=", eventId)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    if (!seats) return { saved: false, notFound: true };
    const errors = capacityErrors(seats, input);
    if (Object.keys(errors).length) return { saved: false, errors };
    // The seats were released again before they could be counted: try the write once more.
  }
  return { saved: false, errors: { general_capacity: "The seats taken changed while saving: please try again." } };
}

/** Sets (or replaces, deleting the old one) the owner's event image. False: not theirs. */
export async function setEventImage(ownerId: number, eventId: number, fileId: number) {
  const before = await db.selectFrom("events").select("image_id").where("id", "=", eventId).where("owner_id", "=", ownerId).executeTakeFirst();
  if (!before) return false;
  await db.updateTable("events").set({ image_id: fileId, updated_at: nowIso() }).where("id", "=", eventId).execute();
  if (before.image_id && before.image_id !== fileId) await deleteFile(before.image_id);
  return true;
}

/** Seats already held may not be taken away: the errors, by field, of a change of capacity. */
export function capacityErrors(event: { general_taken: number; vip_taken: number }, input: EventInput) {
  const errors: Record<string, string> = {};
  const check = (field: "general_capacity" | "vip_capacity", taken: number) => {
    if (taken === 0) return;
    const capacity = input[field];
    if (capacity === null || capacity < taken) {
      errors[field] = `${taken} ${taken === 1 ? "seat is" : "seats are"} already taken: the capacity cannot be less.`;
    }
  };
  check("general_capacity", event.general_taken);
  check("vip_capacity", event.vip_taken);
  return errors;
}

function counts(eb: ExpressionBuilder<DB, "events">) {
  return [
    eb
      .selectFrom("event_statuses")
      .select((inner) => inner.fn.countAll<number>().as("count"))
      .whereRef("event_statuses.event_id", "=", "events.id")
      .where("event_statuses.interested", "=", 1)
      .as("interested_count"),
    eb
      .selectFrom("event_statuses")
      .select((inner) => inner.fn.countAll<number>().as("count"))
      .whereRef("event_statuses.event_id", "=", "events.id")
      .where("event_statuses.going", "=", 1)
      .as("going_count"),
  ];
}

function eventsFor(viewerId: number) {
  return db
    .selectFrom("events")
    .innerJoin("users as owner", "owner.id", "events.owner_id")
    .leftJoin("files", "files.id", "events.image_id")
    .leftJoin("event_statuses as mine", (join) => join.onRef("mine.event_id", "=", "events.id").on("mine.member_id", "=", viewerId))
    .selectAll("events")
    .select([
      "owner.name as owner_name",
      "files.token as image_token",
      "files.width as image_width",
      "files.height as image_height",
      "mine.interested as my_interested",
      "mine.going as my_going",
    ])
    .select((eb) => counts(eb));
}

type EventRow = Awaited<ReturnType<ReturnType<typeof eventsFor>["executeTakeFirstOrThrow"]>>;

function present(row: EventRow, viewerId: number) {
  const { image_token, image_width, image_height, my_interested, my_going, interested_count, going_count, ...event } = row;
  const offered = (capacity: number | null, taken: number, amount: number | null) =>
    capacity === null ? null : { capacity, remaining: Math.max(0, capacity - taken), amountCents: amount };
  return {
    ...event,
    imageUrl: image_token ? fileUrl(image_token) : null,
    // Cards show the light rendition (at most 640 px wide), with its size for the layout.
    cardImage: image_token ? { url: fileUrl(image_token, "medium"), ...mediumSize(image_width, image_height) } : null,
    place: joinPlace([event.venue, ...(event.country ? placeParts(event) : [event.city])]),
    // The member's answers: true, false, or null while that question is not answered.
    interested: answer(my_interested),
    going: answer(my_going),
    interestedCount: Number(interested_count ?? 0),
    goingCount: Number(going_count ?? 0),
    isOwner: event.owner_id === viewerId,
    ended: (event.ends_at_utc ?? event.ends_at) < nowIso().slice(0, 16),
    general: offered(event.general_capacity, event.general_taken, event.general_amount_cents),
    vip: offered(event.vip_capacity, event.vip_taken, event.vip_amount_cents),
  };
}

export type EventView = ReturnType<typeof present>;

function answer(stored: number | null | undefined) {
  return stored === null || stored === undefined ? null : stored === 1;
}

/** An event as a member sees it (every member sees every event), or null. */
export async function getEvent(eventId: number, viewerId: number) {
  if (!Number.isSafeInteger(eventId) || eventId < 1) return null;
  const row = await eventsFor(viewerId).where("events.id", "=", eventId).executeTakeFirst();
  return row ? present(row, viewerId) : null;
}

/** The event if this member organises it (another member's is null, as if there were none). */
export async function getOwnEvent(ownerId: number, eventId: number) {
  const event = await getEvent(eventId, ownerId);
  return event?.isOwner ? event : null;
}

/** The end as an instant; rows written without one fall back to the wall clock read as UTC. */
const endsAt = sql<string>`coalesce(events.ends_at_utc, events.ends_at)`;
const startsAt = sql<string>`coalesce(events.starts_at_utc, events.starts_at)`;

export async function listEvents(viewerId: number, { q, when, page }: { q: string | null; when: EventWhen; page: number }) {
  const now = nowIso().slice(0, 16);
  let query = eventsFor(viewerId);
  query = when === "past" ? query.where(endsAt, "<", now) : query.where(endsAt, ">=", now);
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const like = (column: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like("events.title"), like("events.venue"), like("events.city"), like("events.description")]));
  }
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const window = pageWindow(total, page, PAGE_SIZE);
  const rows = await query
    .orderBy(startsAt, when === "past" ? "desc" : "asc")
    .orderBy("events.id", when === "past" ? "desc" : "asc")
    .limit(PAGE_SIZE)
    .offset(window.offset)
    .execute();
  return { events: rows.map((row) => present(row, viewerId)), total: window.total, page: window.page, pages: window.pages };
}

/**
 * The home page's "Coming up": the next `count` events the member is going to or holds an
 * issued ticket for; when there are none, the next events of the club (`mine` tells which).
 */
export async function comingUpFor(memberId: number, count = 3) {
  const now = nowIso().slice(0, 16);
  const mine = await rowsOf(myUpcomingEvents(count)(memberId, now));
  if (mine.length) return { mine: true, events: mine.map((row) => present(row, memberId)) };
  const next = await rowsOf(upcomingEvents(count)(memberId, now));
  return { mine: false, events: next.map((row) => present(row, memberId)) };
}

const upcomingEventsQuery = (limit: number, memberId: number, now: string) =>
  eventsFor(memberId).where(endsAt, ">=", now).orderBy(startsAt, "asc").orderBy("events.id", "asc").limit(limit);

const upcomingEvents = compiledPerLimit((limit) => (memberId: number, now: string) => upcomingEventsQuery(limit, memberId, now));

const myUpcomingEvents = compiledPerLimit(
  (limit) => (memberId: number, now: string) =>
    upcomingEventsQuery(limit, memberId, now).where((eb) =>
      eb.or([
        eb("mine.going", "=", 1),
        eb.exists(
          eb
            .selectFrom("tickets")
            .select("tickets.id")
            .whereRef("tickets.event_id", "=", "events.id")
            .where("tickets.holder_id", "=", memberId)
            .where("tickets.status", "=", "issued"),
        ),
      ]),
    ),
);

/** Upcoming events for a select (offers can be tied to one). */
export async function upcomingEventOptions() {
  const rows = await db
    .selectFrom("events")
    .select(["id", "title", "starts_at"])
    .where(endsAt, ">=", nowIso().slice(0, 16))
    .orderBy(startsAt)
    .limit(200)
    .execute();
  return rows.map((row) => ({ value: String(row.id), label: `${row.title} · ${formatDate(row.starts_at.slice(0, 10))}` }));
}

/** SPEC.md §4: Interested/Uninterested and Going/Notgoing, one row per member and event; the
 * question not answered stays null (answering Interested says nothing of going). */
export async function setEventStatus(memberId: number, eventId: number, type: StatusType) {
  const change = type === "Interested" || type === "Uninterested" ? { interested: type === "Interested" ? 1 : 0 } : { going: type === "Going" ? 1 : 0 };
  const now = nowIso();
  await db
    .insertInto("event_statuses")
    .values({ event_id: eventId, member_id: memberId, ...change, updated_at: now })
    .onConflict((conflict) => conflict.columns(["event_id", "member_id"]).doUpdateSet({ ...change, updated_at: now }))
    .execute();
}

/** Members going and members holding an issued ticket, each once, by name. */
export async function listAttenders(eventId: number) {
  const rows = await db
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.profile_image_id")
    .select(["users.id", "users.name", "files.token as avatar_token"])
    .where((eb) =>
      eb.or([
        eb("users.id", "in", eb.selectFrom("event_statuses").select("member_id").where("event_id", "=", eventId).where("going", "=", 1)),
        eb(
          "users.id",
          "in",
          eb
            .selectFrom("tickets")
            .select("holder_id")
            .where("event_id", "=", eventId)
            .where("status", "=", "issued")
            .where("holder_id", "is not", null)
            .$narrowType<{ holder_id: number }>(),
        ),
      ]),
    )
    .where("users.disabled_at", "is", null)
    .orderBy(sql`lower(users.name)`)
    .orderBy("users.id")
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, avatarUrl: row.avatar_token ? fileUrl(row.avatar_token, "thumbnail") : null }));
}

/**
 * Deleting an event: refused while paid tickets are held (issued, or pending payment), since
 * those members paid for a seat and need a refund first. Otherwise the event goes with its free
 * tickets, and the members holding them or going are told.
 * The check and the delete are one transaction that first locks the event's row (a write that
 * changes nothing). Every ticket is written in the same transaction as its seat's UPDATE of
 * that row, so a ticket being bought meanwhile is either committed before the lock (and
 * counted here) or waits for the delete and then finds no event: never deleted with it.
 */
export async function deleteEvent(ownerId: number, eventId: number): Promise<{ ok: true } | { ok: false; message: string }> {
  const outcome = await db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable("events")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", eventId)
      .where("owner_id", "=", ownerId)
      .executeTakeFirst();
    if (Number(locked.numUpdatedRows) !== 1) return { ok: false as const, message: "Not found" };
    const event = await trx.selectFrom("events").select(["title", "image_id"]).where("id", "=", eventId).executeTakeFirstOrThrow();
    const paid = await trx
      .selectFrom("tickets")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("event_id", "=", eventId)
      .where("amount_cents", ">", 0)
      .where("status", "in", ["issued", "pending"])
      .executeTakeFirstOrThrow();
    if (Number(paid.count) > 0) {
      return { ok: false as const, message: "This event has paid tickets, so it cannot be deleted. Cancel and refund them first." };
    }
    const toTell = new Set<number>();
    const holders = await trx.selectFrom("tickets").select("holder_id").where("event_id", "=", eventId).where("status", "=", "issued").execute();
    const going = await trx.selectFrom("event_statuses").select("member_id").where("event_id", "=", eventId).where("going", "=", 1).execute();
    for (const row of holders) if (row.holder_id) toTell.add(row.holder_id);
    for (const row of going) toTell.add(row.member_id);
    toTell.delete(ownerId);
    await trx.updateTable("products").set({ event_id: null }).where("event_id", "=", eventId).execute();
    await trx.deleteFrom("events").where("id", "=", eventId).execute();
    return { ok: true as const, event, toTell };
  });
  if (!outcome.ok) return outcome;
  const { event, toTell } = outcome;
  if (event.image_id) await deleteFile(event.image_id);
  for (const memberId of toTell) {
    await notify({ memberId, kind: "event_cancelled", message: `${event.title} was cancelled by its organiser.`, actorId: ownerId });
  }
  return { ok: true };
}
