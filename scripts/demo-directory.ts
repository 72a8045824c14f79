// More members for the demo's member directory (see demo-data.ts): founders, investors and
// advisers in several industries and cities, each with a "Looking for" question, so that its
// filters have something to narrow. Two of them have sent the first demo member a friend
// request, which her notifications offer to accept or decline. Each member is added once
// (found by e-mail), and a request only with the member that sends it.
import type { MemberType } from "../app/lib/db-schema.ts";
import { createMember, memberIdByEmail, updateProfile } from "../app/features/members/members.server.ts";
import { sendFriendRequest } from "../app/features/social/friendship.server.ts";

type DirectoryMember = {
  name: string;
  email: string;
  memberType: MemberType;
  occupation: string;
  industry: string;
  business: string | null;
  country: string;
  city: string;
  lookingFor: string;
  /** Sends the first demo member a friend request when added. */
  asksFirst?: boolean;
};

const DIRECTORY_MEMBERS: DirectoryMember[] = [
  {
    name: "Priya Nair",
    email: "priya@demo.chapter",
    memberType: "entrepreneur",
    occupation: "Founder",
    industry: "Logistics",
    business: "Nair Cold Chain",
    country: "IN",
    city: "Mumbai",
    lookingFor: "Looking for partners who ship chilled goods to West Africa?",
    asksFirst: true,
  },
  {
    name: "Lucas Moreau",
    email: "lucas@demo.chapter",
    memberType: "investor",
    occupation: "Partner",
    industry: "Venture capital",
    business: "Moreau Ventures",
    country: "FR",
    city: "Paris",
    lookingFor: "Looking for logistics start-ups raising a seed round?",
    asksFirst: true,
  },
  {
    name: "Chloe Dubois",
    email: "chloe@demo.chapter",
    memberType: "business_contact",
    occupation: "Brand designer",
    industry: "Marketing",
    business: "Studio Dubois",
    country: "FR",
    city: "Lyon",
    lookingFor: "Looking for food brands that need new packaging?",
  },
  {
    name: "Kwame Asante",
    email: "kwame@demo.chapter",
    memberType: "entrepreneur",
    occupation: "Managing director",
    industry: "Agriculture",
    business: "Asante Cocoa",
    country: "GH",
    city: "Accra",
    lookingFor: "Looking for buyers of fair-trade cocoa in Europe?",
  },
  {
    name: "Fatima Bello",
    email: "fatima@demo.chapter",
    memberType: "entrepreneur",
    occupation: "Co-founder",
    industry: "Fintech",
    business: "PayBridge",
    country: "NG",
    city: "Lagos",
    lookingFor: "Looking for merchants to pilot cross-border payments?",
  },
  {
    name: "Chinedu Eze",
    email: "chinedu@demo.chapter",
    memberType: "business_contact",
    occupation: "Tax adviser",
    industry: "Accounting",
    business: "Eze & Partners",
    country: "NG",
    city: "Abuja",
    lookingFor: "Looking for growing companies that need an accountant?",
  },
  {
    name: "Hannah Schmidt",
    email: "hannah@demo.chapter",
    memberType: "investor",
    occupation: "Angel investor",
    industry: "Fintech",
    business: null,
    country: "DE",
    city: "Munich",
    lookingFor: "Looking for fintech founders in Africa?",
  },
  {
    name: "Jonas Becker",
    email: "jonas@demo.chapter",
    memberType: "entrepreneur",
    occupation: "Founder",
    industry: "Renewable energy",
    business: "Becker Solar",
    country: "DE",
    city: "Berlin",
    lookingFor: "Looking for installers to grow into Portugal?",
  },
  {
    name: "Inês Costa",
    email: "ines@demo.chapter",
    memberType: "business_contact",
    occupation: "Recruiter",
    industry: "Human resources",
    business: "Costa Talent",
    country: "PT",
    city: "Porto",
    lookingFor: "Looking for start-ups hiring their first engineers?",
  },
  {
    name: "Yuki Tanaka",
    email: "yuki@demo.chapter",
    memberType: "investor",
    occupation: "Family office director",
    industry: "Real estate",
    business: "Tanaka Holdings",
    country: "JP",
    city: "Osaka",
    lookingFor: "Looking for restaurant groups that need new sites?",
  },
  {
    name: "Olivia Brown",
    email: "olivia@demo.chapter",
    memberType: "business_contact",
    occupation: "Export consultant",
    industry: "Logistics",
    business: "Brown Trade Advisory",
    country: "GB",
    city: "London",
    lookingFor: "Looking for companies exporting to the UK for the first time?",
  },
  {
    name: "Samuel Osei",
    email: "samuel@demo.chapter",
    memberType: "entrepreneur",
    occupation: "Chief executive",
    industry: "Healthcare",
    business: "ClinicLink",
    country: "KE",
    city: "Nairobi",
    lookingFor: "Looking for hospitals to try our booking system?",
  },
  {
    name: "Emily Clarke",
    email: "emily@demo.chapter",
    memberType: "investor",
    occupation: "Investment manager",
    industry: "Renewable energy",
    business: "Clarke Green Fund",
    country: "CA",
    city: "Vancouver",
    lookingFor: "Looking for climate companies ready for a Series A?",
  },
  {
    name: "Mateo García",
    email: "mateo@demo.chapter",
    memberType: "entrepreneur",
    occupation: "Founder",
    industry: "Food and beverage",
    business: "Olivo Foods",
    country: "ES",
    city: "Madrid",
    lookingFor: "Looking for distributors in Nigeria and Ghana?",
  },
];

/** Adds the directory's demo members that are missing; answers how many were added. */
export async function seedDemoDirectory(first: { id: number; name: string; email: string }, mail: { origin: string }, password: string) {
  let added = 0;
  for (const member of DIRECTORY_MEMBERS) {
    if ((await memberIdByEmail(member.email)) !== null) continue;
    const id = await createMember({ name: member.name, email: member.email, password, memberType: member.memberType });
    await updateProfile(id, {
      name: member.name,
      memberType: member.memberType,
      occupation: member.occupation,
      industry: member.industry,
      business: member.business,
      businessType: null,
      country: member.country,
      province: null,
      city: member.city,
      lookingFor: member.lookingFor,
    });
    added += 1;
    if (member.asksFirst) await sendFriendRequest({ id, name: member.name }, first, mail);
  }
  return added;
}
