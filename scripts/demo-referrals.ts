// The demo's referrals and one-to-ones (see demo-data.ts): six weeks of business passed
// between the demo members, in every status, some closed with a thank-you, and one-to-ones, so
// that the Referrals pages and the home page of a fresh demo install have something to show. Added once: when the first member
// has given or received one already, nothing is added. With them, six past weekly breakfasts
// with the members checked in and the visitors they brought, so that the engagement lights
// (at the default points) are not all one colour: Amara green, Daniel and Grace amber, Sofia
// and Kenji red.
import { createEvent } from "../app/features/events/events.server.ts";
import { EventSchema } from "../app/features/events/schema.ts";
import { newTicketCode } from "../app/features/tickets/tickets.server.ts";
import type { ReferralStatus } from "../app/lib/db-schema.ts";
import { db } from "../app/lib/db.server.ts";

type Member = { id: number; name: string };

type DemoReferral = {
  from: number;
  to: number;
  daysAgo: number;
  name: string;
  company: string | null;
  need: string;
  warmth: number;
  ownNeed?: boolean;
  /** The moves after "new", each some days after the one before. */
  moves?: { status: ReferralStatus; afterDays: number; amountCents?: number; reason?: string }[];
};

const DEMO_REFERRALS: DemoReferral[] = [
  {
    from: 1,
    to: 0,
    daysAgo: 40,
    name: "Tunde Bakare",
    company: "Bakare Agro",
    need: "Cold storage for 40 pallets of produce each month",
    warmth: 4,
    moves: [
      { status: "contacted", afterDays: 1 },
      { status: "meeting_set", afterDays: 3 },
      { status: "closed", afterDays: 7, amountCents: 1_250_000 },
    ],
  },
  {
    from: 0,
    to: 2,
    daysAgo: 33,
    name: "Lena Fischer",
    company: "Fischer Zoll",
    need: "A contract review for a new customs agency agreement",
    warmth: 3,
    moves: [
      { status: "contacted", afterDays: 2 },
      { status: "closed", afterDays: 9, amountCents: 180_000 },
    ],
  },
  {
    from: 3,
    to: 0,
    daysAgo: 26,
    name: "Marco Rossi",
    company: "Rossi Spedizioni",
    need: "Last-mile delivery partner in Lagos",
    warmth: 2,
    moves: [
      { status: "contacted", afterDays: 2 },
      { status: "no_business", afterDays: 6, reason: "They chose a partner with a depot in Ikeja." },
    ],
  },
  {
    from: 0,
    to: 4,
    daysAgo: 19,
    name: "Aisha Bello",
    company: "Bello & Co",
    need: "Bookkeeping software training for her team of six",
    warmth: 5,
    ownNeed: false,
    moves: [
      { status: "contacted", afterDays: 1 },
      { status: "meeting_set", afterDays: 2 },
    ],
  },
  {
    from: 2,
    to: 1,
    daysAgo: 12,
    name: "Sofia's landlord",
    company: null,
    need: "Advice on financing a second office building",
    warmth: 3,
    ownNeed: true,
    moves: [{ status: "contacted", afterDays: 2 }],
  },
  {
    from: 4,
    to: 0,
    daysAgo: 5,
    name: "Grace Mensah",
    company: "Mensah Growth Partners",
    need: "Freight quotes for quarterly shipments to Accra",
    warmth: 5,
    ownNeed: true,
    moves: [{ status: "contacted", afterDays: 1 }],
  },
  { from: 1, to: 0, daysAgo: 2, name: "Kofi Asante", company: "Asante Textiles", need: "Shipping 3 containers of fabric from Accra to Lagos", warmth: 3 },
  { from: 0, to: 3, daysAgo: 1, name: "Ngozi Eze", company: "Eze Studio", need: "A new website for her design studio", warmth: 2 },
];

/** One-to-ones between the demo members: [proposer, partner, days ago, place, confirmed]. */
const DEMO_ONE_TO_ONES: [number, number, number, string, boolean][] = [
  [0, 1, 38, "Okafor Freight, Apapa", true],
  [2, 0, 30, "Café Neo, Victoria Island", true],
  [0, 3, 20, "Online", true],
  [4, 0, 9, "Mensah Growth Partners", true],
  [1, 2, 4, "Weber Capital", true],
  [3, 0, 1, "The club house", false],
];

const DAY = 86_400_000;

export const BREAKFAST_TITLE = "Chapter breakfast";

/** The weekly breakfasts, 1 to 6 weeks ago: which demo members came to each (by index). */
const DEMO_BREAKFASTS: number[][] = [
  [0, 1, 2, 4],
  [0, 1, 4],
  [0, 1, 2, 3, 4],
  [0, 1, 4],
  [0, 1, 2, 4],
  [0, 1, 2, 4],
];

/** Visitors the demo members brought: [member, breakfast (weeks ago), name, business]. */
const DEMO_VISITORS: [number, number, string, string | null][] = [
  [0, 1, "Chidi Nwosu", "Nwosu Solar"],
  [0, 2, "Fatima Yusuf", "Yusuf Interiors"],
  [0, 4, "Emeka Obi", null],
  [0, 6, "Hanna Schulz", "Schulz Legal"],
  [1, 3, "Jonas Becker", "Becker Bau"],
  [1, 5, "Paula Costa", "Costa Design"],
  [2, 1, "Ines Duarte", "Duarte Contabilidade"],
  [2, 5, "Rui Almeida", null],
  [4, 2, "Kwame Owusu", "Owusu Foods"],
  [4, 3, "Efua Asare", "Asare Media"],
  [4, 6, "Yaw Boateng", "Boateng Motors"],
];

/** The past breakfasts (organised by the second demo member), the check-ins and the visitors;
 * answers how many events and how many visitors it added. */
async function seedDemoBreakfasts(members: Member[], now: number) {
  const eventIds: number[] = [];
  for (const [index, attendees] of DEMO_BREAKFASTS.entries()) {
    const date = new Date(now - (index + 1) * 7 * DAY).toISOString().slice(0, 10);
    const eventId = await createEvent(
      members[1].id,
      EventSchema.parse({
        title: BREAKFAST_TITLE,
        description: "The chapter's weekly breakfast: each member's minute, the referrals of the week and the visitors.",
        start_date: date,
        start_time: "07:30",
        end_date: date,
        end_time: "09:00",
        time_zone: "UTC",
        venue: "The club house",
        country: "",
        province: "",
        city: "",
        general_capacity: "40",
        general_amount: "",
      }),
    );
    eventIds.push(eventId);
    const checkedIn = `${date}T07:35:00.000Z`;
    for (const attendee of attendees) {
      await db
        .insertInto("tickets")
        .values({
          event_id: eventId,
          ticket_type: "general",
          code: newTicketCode(),
          holder_id: members[attendee].id,
          contact_id: null,
          holder_name: null,
          holder_email: null,
          issued_by: null,
          payment_id: null,
          amount_cents: 0,
          status: "issued",
          checked_in_at: checkedIn,
          created_at: checkedIn,
          issued_at: checkedIn,
        })
        .execute();
    }
    await db.updateTable("events").set({ general_taken: attendees.length }).where("id", "=", eventId).execute();
  }
  for (const [member, weeksAgo, name, business] of DEMO_VISITORS) {
    const date = new Date(now - weeksAgo * 7 * DAY).toISOString().slice(0, 10);
    await db
      .insertInto("visitors")
      .values({
        event_id: eventIds[weeksAgo - 1],
        brought_by_id: members[member].id,
        name,
        email: `${name.split(" ")[0].toLowerCase()}@example.com`,
        business,
        contact_id: null,
        created_at: `${date}T07:40:00.000Z`,
      })
      .execute();
  }
  return { events: eventIds.length, visitors: DEMO_VISITORS.length };
}

/** Adds the demo referrals, one-to-ones, breakfasts and visitors when the first member has no
 * referral; answers how many referrals, one-to-ones and visitors it added, and how many events. */
export async function seedDemoReferrals(members: Member[], currency: string): Promise<{ rows: number; events: number }> {
  const first = members[0];
  const existing = await db
    .selectFrom("referrals")
    .select("id")
    .where((eb) => eb.or([eb("giver_id", "=", first.id), eb("receiver_id", "=", first.id)]))
    .executeTakeFirst();
  if (existing) return { rows: 0, events: 0 };
  const now = Date.now();
  for (const demo of DEMO_REFERRALS) {
    const giver = members[demo.from];
    const receiver = members[demo.to];
    const given = now - demo.daysAgo * DAY;
    let at = given;
    const moves = (demo.moves ?? []).map((move) => {
      at = Math.min(now, at + move.afterDays * DAY);
      return { ...move, at: new Date(at).toISOString() };
    });
    const last = moves.at(-1);
    const ended = last && (last.status === "closed" || last.status === "no_business");
    const { id } = await db
      .insertInto("referrals")
      .values({
        giver_id: giver.id,
        receiver_id: receiver.id,
        name: demo.name,
        company: demo.company,
        email: null,
        phone: null,
        occupation: null,
        city: null,
        website: null,
        need: demo.need,
        warmth: demo.warmth,
        own_need: demo.ownNeed ? 1 : 0,
        note: null,
        status: last?.status ?? "new",
        amount_cents: last?.amountCents ?? null,
        currency: last?.amountCents ? currency : null,
        reason: last?.reason ?? null,
        closed_at: ended ? last.at : null,
        created_at: new Date(given).toISOString(),
        updated_at: last?.at ?? new Date(given).toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const move of moves) {
      await db
        .insertInto("referral_updates")
        .values({
          referral_id: id,
          member_id: receiver.id,
          status: move.status,
          amount_cents: move.amountCents ?? null,
          currency: move.amountCents ? currency : null,
          reason: move.reason ?? null,
          created_at: move.at,
        })
        .execute();
    }
  }
  for (const [proposer, partner, daysAgo, place, confirmed] of DEMO_ONE_TO_ONES) {
    const at = new Date(now - daysAgo * DAY).toISOString();
    await db
      .insertInto("one_to_ones")
      .values({
        proposer_id: members[proposer].id,
        partner_id: members[partner].id,
        met_on: at.slice(0, 10),
        place,
        status: confirmed ? "confirmed" : "proposed",
        proposer_note: "Talked about who we each want to meet this quarter.",
        partner_note: null,
        confirmed_at: confirmed ? at : null,
        created_at: at,
        updated_at: at,
      })
      .execute();
  }
  const breakfasts = await seedDemoBreakfasts(members, now);
  return { rows: DEMO_REFERRALS.length + DEMO_ONE_TO_ONES.length + breakfasts.visitors, events: breakfasts.events };
}
