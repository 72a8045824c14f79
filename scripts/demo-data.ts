// The demo data `npm run seed:demo` adds, written through the features' own functions (the
// same rules as the app's forms). Safe to run again: what is there already is left alone.
import { createContact, duplicateMessage, normalizePhone } from "../app/features/contacts/contacts.server.ts";
import { ContactSchema } from "../app/features/contacts/schema.ts";
import { createEvent, listEvents } from "../app/features/events/events.server.ts";
import { EventSchema } from "../app/features/events/schema.ts";
import { createMember, memberIdByEmail, updateProfile } from "../app/features/members/members.server.ts";
import { createOffer, listOffers } from "../app/features/offers/offers.server.ts";
import { OfferSchema } from "../app/features/offers/schema.ts";
import { acceptFriendRequest, relationship, sendFriendRequest } from "../app/features/social/friendship.server.ts";
import { createPost, listPosts } from "../app/features/timeline/posts.server.ts";
import { db } from "../app/lib/db.server.ts";
import { env } from "../app/lib/env.server.ts";
import { seedDemoDirectory } from "./demo-directory.ts";
import { seedDemoPlanning } from "./demo-planning.ts";
import { seedDemoReactions } from "./demo-reactions.ts";
import { seedDemoReferrals } from "./demo-referrals.ts";

export const DEMO_PASSWORD = "chapter-demo";

export const DEMO_MEMBERS = [
  {
    name: "Amara Okafor",
    email: "amara@demo.chapter",
    memberType: "entrepreneur",
    occupation: "Founder & CEO",
    industry: "Logistics",
    business: "Okafor Freight",
    businessType: "Limited company",
    country: "NG",
    province: "LA",
    city: "Lagos",
    lookingFor: "Looking for an investor to open a second warehouse?",
  },
  {
    name: "Daniel Weber",
    email: "daniel@demo.chapter",
    memberType: "investor",
    occupation: "Managing partner",
    industry: "Venture capital",
    business: "Weber Capital",
    businessType: "Investment fund",
    country: "DE",
    province: "BE",
    city: "Berlin",
    lookingFor: "Looking for seed-stage climate companies?",
  },
  {
    name: "Sofia Martins",
    email: "sofia@demo.chapter",
    memberType: "business_contact",
    occupation: "Commercial lawyer",
    industry: "Legal services",
    business: "Martins & Reis",
    businessType: "Partnership",
    country: "PT",
    province: "11",
    city: "Lisbon",
    lookingFor: "Looking for start-ups that need contract advice?",
  },
  {
    name: "Kenji Watanabe",
    email: "kenji@demo.chapter",
    memberType: "entrepreneur",
    occupation: "Co-founder",
    industry: "Food and beverage",
    business: "Umami Kitchen",
    businessType: "Restaurant group",
    country: "JP",
    province: "13",
    city: "Tokyo",
    lookingFor: "Looking for a partner to franchise in Europe?",
  },
  {
    name: "Grace Mensah",
    email: "grace@demo.chapter",
    memberType: "investor",
    occupation: "Angel investor",
    industry: "Fintech",
    business: null,
    businessType: null,
    country: "CA",
    province: "ON",
    city: "Toronto",
    lookingFor: "Looking for fintech founders raising a pre-seed round?",
  },
] as const;

/** The first demo member's address book (as the add-contact form would take them). */
const CONTACTS = [
  {
    name: "Tunde Bakare",
    email: "tunde@example.com",
    phone: "+234 802 123 4567",
    country: "NG",
    city: "Lagos",
    occupation: "Warehouse manager",
    meet_place: "Lagos Trade Fair",
  },
  {
    name: "Lena Fischer",
    email: "lena@example.com",
    phone: "+49 30 901820",
    country: "DE",
    city: "Berlin",
    occupation: "Customs broker",
    meet_place: "Chapter dinner",
  },
  { name: "Marco Rossi", email: "marco@example.com", phone: "", country: "IT", city: "Milan", occupation: "Freight forwarder", meet_place: "Logistics summit" },
  { name: "Aisha Bello", email: "aisha@example.com", phone: "", country: "NG", city: "Abuja", occupation: "Accountant", meet_place: "" },
];

/** Pairs of demo members (by index) who are friends. */
const FRIENDS: [number, number][] = [
  [0, 1],
  [0, 2],
  [0, 4],
  [1, 4],
  [2, 3],
];

/** Public posts, by author index. */
const POSTS: [number, string][] = [
  [1, "We are opening applications for our climate fund's next cohort. Founders in logistics and food: talk to me!"],
  [2, "Three clauses every supplier contract should have. Happy to share the checklist with anyone who asks."],
  [3, "Umami Kitchen's second Lisbon site opens next month. Thank you to everyone here who made introductions."],
  [0, "Okafor Freight just moved its 10,000th container. Looking for an investor for the second warehouse."],
];

/** How long ago each of POSTS was written, in hours, oldest first. */
const POST_HOURS_AGO = [53, 29, 7, 1];

const EVENT_TITLE = "Chapter Members Mixer";
const OFFER_TITLE = "Free legal check of your first supplier contract";

/** What was added; `planning` counts the parts of demo-planning.ts (wish list, big tasks, a
 * business, a training, net worth, a loan on each side). */
export type SeedResult = {
  members: number;
  contacts: number;
  friendships: number;
  posts: number;
  events: number;
  offers: number;
  planning: number;
  referrals: number;
  reactions: number;
};

const ADDED_NAMES: Record<keyof SeedResult, [string, string]> = {
  members: ["member", "members"],
  contacts: ["contact", "contacts"],
  friendships: ["friendship", "friendships"],
  posts: ["post", "posts"],
  events: ["event", "events"],
  offers: ["offer", "offers"],
  referrals: ["referral, one-to-one or visitor", "referrals, one-to-ones and visitors"],
  reactions: ["reaction", "reactions"],
  planning: ["examples in 1 planning area", "examples in {n} planning areas"],
};

/** "Added 5 members, 1 event and examples in 9 planning areas.", or that nothing was needed. */
export function describeSeed(added: SeedResult) {
  const parts = (Object.keys(ADDED_NAMES) as (keyof SeedResult)[])
    .filter((what) => added[what] > 0)
    .map((what) => {
      const [one, many] = ADDED_NAMES[what];
      if (added[what] === 1) return what === "planning" ? one : `1 ${one}`;
      return many.includes("{n}") ? many.replace("{n}", String(added[what])) : `${added[what]} ${many}`;
    });
  if (parts.length === 0) return "The demo data is already there.";
  return `Added ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`}.`;
}

function dayAhead(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Adds whatever demo data is missing; answers what it added. */
export async function seedDemo(): Promise<SeedResult> {
  const added: SeedResult = { members: 0, contacts: 0, friendships: 0, posts: 0, events: 0, offers: 0, planning: 0, referrals: 0, reactions: 0 };
  const mail = { origin: env().APP_URL ?? `http://localhost:${env().PORT}` };

  const members: { id: number; name: string; email: string }[] = [];
  for (const member of DEMO_MEMBERS) {
    let id = await memberIdByEmail(member.email);
    if (id === null) {
      id = await createMember({ name: member.name, email: member.email, password: DEMO_PASSWORD, memberType: member.memberType });
      await updateProfile(id, {
        name: member.name,
        memberType: member.memberType,
        occupation: member.occupation,
        industry: member.industry,
        business: member.business,
        businessType: member.businessType,
        country: member.country,
        province: member.province,
        city: member.city,
        lookingFor: member.lookingFor,
      });
      added.members += 1;
    }
    members.push({ id, name: member.name, email: member.email });
  }
  const [first, second, third] = members;
  added.members += await seedDemoDirectory(first, mail, DEMO_PASSWORD);

  for (const fields of CONTACTS) {
    const input = ContactSchema.parse(fields);
    if (input.email && (await duplicateMessage(first.id, "email", input.email, null))) continue;
    await createContact(first.id, { ...input, phone: input.phone ? normalizePhone(input.phone, input.country) : null });
    added.contacts += 1;
  }

  for (const [a, b] of FRIENDS) {
    const [asker, asked] = [members[a], members[b]];
    if ((await relationship(asker.id, asked.id)) === "friends") continue;
    await sendFriendRequest(asker, asked, mail);
    await acceptFriendRequest(asked, asker, mail);
    added.friendships += 1;
  }

  for (const [index, [author, message]] of POSTS.entries()) {
    const { id } = members[author];
    const { posts } = await listPosts(id, { authorId: id });
    if (posts.some((post) => post.message === message)) continue;
    const postId = await createPost(id, { message, privacy: "public" }, { claimed: [], uploaded: [] });
    // Written over the last days, the last one an hour ago, not all in the seed's minute.
    const written = new Date(Date.now() - POST_HOURS_AGO[index] * 3_600_000).toISOString();
    await db.updateTable("posts").set({ created_at: written, updated_at: written }).where("id", "=", postId).execute();
    added.posts += 1;
  }

  // One upcoming event with free general tickets; a new one once the last has passed.
  const upcoming = await listEvents(second.id, { q: EVENT_TITLE, when: "upcoming", page: 1 });
  let eventId = upcoming.events.find((event) => event.title === EVENT_TITLE && event.owner_id === second.id)?.id;
  if (!eventId) {
    const date = dayAhead(30);
    eventId = await createEvent(
      second.id,
      EventSchema.parse({
        title: EVENT_TITLE,
        description: "An evening of introductions: founders, investors and advisers of the club. Drinks and small plates included.",
        start_date: date,
        start_time: "18:30",
        end_date: date,
        end_time: "22:00",
        time_zone: "Europe/Berlin",
        venue: "Weber Capital, rooftop",
        country: "DE",
        province: "BE",
        city: "Berlin",
        general_capacity: "60",
        general_amount: "",
      }),
    );
    added.events += 1;
  }

  const { offers } = await listOffers(third.id, { eventId, page: 1 });
  if (!offers.some((offer) => offer.title === OFFER_TITLE)) {
    await createOffer(
      third.id,
      OfferSchema.parse({
        title: OFFER_TITLE,
        price: "",
        event_id: String(eventId),
        description: "Bring your supplier contract to the Members Mixer: Martins & Reis reads it and tells you what to fix, free for members.",
      }),
    );
    added.offers += 1;
  }

  added.planning = await seedDemoPlanning(first, second);
  const loop = await seedDemoReferrals(members, env().PAYMENT_CURRENCY);
  added.referrals = loop.rows;
  added.events += loop.events;
  added.reactions = await seedDemoReactions(members, mail.origin);
  return added;
}
