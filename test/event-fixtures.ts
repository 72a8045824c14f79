import type { Insertable } from "kysely";
import type { EventsTable } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";

/** An event row as the events area would write it: a general type (free, 100 seats) and no
 * VIP unless overridden. Dates are a year ahead of whenever the test runs. */
export async function createEvent(ownerId: number, overrides: Partial<Insertable<EventsTable>> = {}) {
  const now = nowIso();
  const start = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const { id } = await db
    .insertInto("events")
    .values({
      owner_id: ownerId,
      title: "Spring Networking Night",
      description: null,
      starts_at: `${start}T18:00`,
      ends_at: `${start}T22:00`,
      starts_at_utc: `${start}T18:00:00.000Z`,
      ends_at_utc: `${start}T22:00:00.000Z`,
      time_zone: "UTC",
      venue: "The Grand Hall",
      country: null,
      province: null,
      city: "Toronto",
      image_id: null,
      general_amount_cents: null,
      vip_amount_cents: null,
      currency: "USD",
      general_capacity: 100,
      vip_capacity: null,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function eventCounters(eventId: number) {
  return db.selectFrom("events").select(["general_taken", "vip_taken"]).where("id", "=", eventId).executeTakeFirstOrThrow();
}

export async function ticketsOf(eventId: number) {
  return db.selectFrom("tickets").selectAll().where("event_id", "=", eventId).orderBy("id").execute();
}
