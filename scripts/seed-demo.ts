// Fills the configured database with demo data for trying Chapter out: five members, the
// first one's contacts, friendships, public posts, an upcoming event and an offer.
// Safe to run twice: what exists already is left alone.
import { countMembers } from "../app/features/members/members.server.ts";
import { db } from "../app/lib/db.server.ts";
import { migrateToLatest } from "../app/lib/migrate.server.ts";
import { DEMO_MEMBERS, DEMO_PASSWORD, describeSeed, seedDemo } from "./demo-data.ts";

await migrateToLatest(db);
const freshInstall = (await countMembers()) === 0;
const added = await seedDemo();
console.log(describeSeed(added));
console.log(`Sign in as any demo member (e.g. ${DEMO_MEMBERS[0].email}) with the password "${DEMO_PASSWORD}".`);
if (freshInstall && added.members) console.log(`${DEMO_MEMBERS[0].name} is the admin: the first account of a fresh install always is.`);
await db.destroy();
