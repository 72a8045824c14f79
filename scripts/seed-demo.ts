// Fills the configured database with a few realistic members for trying Chapter out.
// Safe to run twice: members that exist already are left alone.
import { countMembers, createMember, emailTaken, updateProfile } from "../app/features/members/members.server.ts";
import { db } from "../app/lib/db.server.ts";
import { migrateToLatest } from "../app/lib/migrate.server.ts";

const PASSWORD = "chapter-demo";

const MEMBERS = [
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

await migrateToLatest(db);
const freshInstall = (await countMembers()) === 0;
let created = 0;
for (const member of MEMBERS) {
  if (await emailTaken(member.email)) continue;
  const id = await createMember({ name: member.name, email: member.email, password: PASSWORD, memberType: member.memberType });
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
  created += 1;
}
console.log(
  created
    ? `Added ${created} demo members. Sign in as any of them (e.g. ${MEMBERS[0].email}) with the password "${PASSWORD}".`
    : "The demo members are already there.",
);
if (freshInstall && created) console.log(`${MEMBERS[0].name} is the admin: the first account of a fresh install always is.`);
await db.destroy();
