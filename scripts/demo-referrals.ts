// The demo's referrals and one-to-ones (see demo-data.ts): six weeks of business passed
// between the demo members, in every status, some closed with a thank-you, and one-to-ones, so
// that the Referrals pages and the home page of a fresh demo install have something to show. Added once: when the first member
// has given or received one already, nothing is added.
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

/** Adds the demo referrals and one-to-ones when the first member has no referral; answers how
 * many rows it added. */
export async function seedDemoReferrals(members: Member[], currency: string): Promise<number> {
  const first = members[0];
  const existing = await db
    .selectFrom("referrals")
    .select("id")
    .where((eb) => eb.or([eb("giver_id", "=", first.id), eb("receiver_id", "=", first.id)]))
    .executeTakeFirst();
  if (existing) return 0;
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
  return DEMO_REFERRALS.length + DEMO_ONE_TO_ONES.length;
}
