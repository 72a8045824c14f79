// The demo's referrals (see demo-data.ts): six weeks of business passed between the demo
// members, in every status, some closed with a thank-you, so that the Referrals page and the
// home page of a fresh demo install have something to show. Added once: when the first member
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
  { from: 1, to: 0, daysAgo: 40, name: "Tunde Bakare", company: "Bakare Agro", need: "Cold storage for 40 pallets of produce each month", warmth: 4, moves: [{ status: "contacted", afterDays: 1 }, { status: "meeting_set", afterDays: 3 }, { status: "closed", afterDays: 7, amountCents: 1_250_000 }] },
  { from: 0, to: 2, daysAgo: 33, name: "Lena Fischer", company: "Fischer Zoll", need: "A contract review for a new customs agency agreement", warmth: 3, moves: [{ status: "contacted", afterDays: 2 }, { status: "closed", afterDays: 9, amountCents: 180_000 }] },
  { from: 3, to: 0, daysAgo: 26, name: "Marco Rossi", company: "Rossi Spedizioni", need: "Last-mile delivery partner in Lagos", warmth: 2, moves: [{ status: "contacted", afterDays: 2 }, { status: "no_business", afterDays: 6, reason: "They chose a partner with a depot in Ikeja." }] },
  { from: 0, to: 4, daysAgo: 19, name: "Aisha Bello", company: "Bello & Co", need: "Bookkeeping software training for her team of six", warmth: 5, ownNeed: false, moves: [{ status: "contacted", afterDays: 1 }, { status: "meeting_set", afterDays: 2 }] },
  { from: 2, to: 1, daysAgo: 12, name: "Sofia's landlord", company: null, need: "Advice on financing a second office building", warmth: 3, ownNeed: true, moves: [{ status: "contacted", afterDays: 2 }] },
  { from: 4, to: 0, daysAgo: 5, name: "Grace Mensah", company: "Mensah Growth Partners", need: "Freight quotes for quarterly shipments to Accra", warmth: 5, ownNeed: true, moves: [{ status: "contacted", afterDays: 1 }] },
  { from: 1, to: 0, daysAgo: 2, name: "Kofi Asante", company: "Asante Textiles", need: "Shipping 3 containers of fabric from Accra to Lagos", warmth: 3 },
  { from: 0, to: 3, daysAgo: 1, name: "Ngozi Eze", company: "Eze Studio", need: "A new website for her design studio", warmth: 2 },
];

const DAY = 86_400_000;

/** Adds the demo referrals when the first member has none; answers how many it added. */
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
  return DEMO_REFERRALS.length;
}
