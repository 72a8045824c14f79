// Fills the configured database with demo data for trying Chapter out: five members, the
// first one's contacts, friendships, public posts, an upcoming event and an offer.
// Safe to run twice: what exists already is left alone.
import { countMembers } from "../app/features/members/members.server.ts";
import { db } from "../app/lib/db.server.ts";
import { migrateToLatest } from "../app/lib/migrate.server.ts";
import { DEMO_MEMBERS, DEMO_PASSWORD, seedDemo } from "./demo-data.ts";

const SINGULAR: Record<string, string> = {
  members: "member",
  contacts: "contact",
  friendships: "friendship",
  posts: "post",
  events: "event",
  offers: "offer",
  referrals: "referral",
};

await migrateToLatest(db);
const freshInstall = (await countMembers()) === 0;
const added = await seedDemo();
const parts = Object.entries(added)
  .filter(([, count]) => count > 0)
  .map(([what, count]) => `${count} ${count === 1 ? SINGULAR[what] : what}`);
console.log(parts.length ? `Added ${parts.join(", ")}.` : "The demo data is already there.");
console.log(`Sign in as any demo member (e.g. ${DEMO_MEMBERS[0].email}) with the password "${DEMO_PASSWORD}".`);
if (freshInstall && added.members) console.log(`${DEMO_MEMBERS[0].name} is the admin: the first account of a fresh install always is.`);
await db.destroy();
