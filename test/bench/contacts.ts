// The contact list with a full book: one member with 10,000 contacts, the list page and a
// text search measured through the built request handler against the /healthz floor of the
// same run. Prints requests per second and p95 latency, each as a ratio to the floor; no
// pass/fail timings. Run by run.ts (npm run bench), after it has set up the data folder.
import type { AppLoadContext } from "@remix-run/node";
import { db, nowIso } from "../../app/lib/db.server.ts";
import { createMember } from "../../app/features/members/members.server.ts";
import { type Handle, measure, printAgainstFloor, signedInCookie } from "./measure.ts";

const CONTACTS = 10_000;
const BATCH = 500;


const FIRST = ["Ana", "Bob", "Carla", "Dmitri", "Élise", "Farah", "Gus", "Hana", "Ivan", "Jia", "Kofi", "Lena", "Mateo", "Nia", "Omar", "Priya"];
const LAST = ["Ortega", "Baker", "Cruz", "Ivanov", "Ørsted", "Haddad", "Green", "Sato", "Novak", "Li", "Mensah", "Berg", "Rossi", "Okafor", "Khan", "Patel", "Nakamura"];
const PLACES = ["Spring fair", "Golf club", "Chamber dinner", "Alumni night", "Trade show Berlin", "Investor breakfast", "Co-working café"];
const CITIES = ["Toronto", "Vancouver", "Montréal", "Calgary", "Ottawa"];
const JOBS = ["Architect", "Banker", "Founder", "Lawyer", "Engineer", "Investor", "Designer", "Accountant"];

/** 10,000 contacts of one member, in batched inserts inside one transaction. */
async function seedContacts(ownerId: number) {
  const start = Date.parse("2024-01-01T00:00:00Z");
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < CONTACTS; offset += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, CONTACTS - offset) }, (_, index) => {
        const n = offset + index;
        const first = FIRST[n % FIRST.length];
        const last = LAST[Math.floor(n / FIRST.length) % LAST.length];
        const created = new Date(start + n * 3_600_000).toISOString();
        return {
          owner_id: ownerId,
          name: `${first} ${last} ${n}`,
          email: `${first}.${last}.${n}@example.com`.toLowerCase(),
          phone: `+1416${String(5_000_000 + n).padStart(7, "0")}`,
          country: "CA",
          province: null,
          city: CITIES[n % CITIES.length],
          occupation: JOBS[n % JOBS.length],
          meet_place: PLACES[n % PLACES.length],
          is_important: n % 10 === 0 ? 1 : 0,
          company: n % 3 === 0 ? `${last} Holdings` : null,
          industry: n % 4 === 0 ? "Finance" : null,
          created_at: created,
          updated_at: nowIso(),
        };
      });
      await trx.insertInto("contacts").values(rows).execute();
    }
  });
}


export async function benchContacts(handle: Handle, context: AppLoadContext) {
  const memberId = await createMember({ name: "Contacts Bench", email: "contacts-bench@example.com", password: "bench-password", memberType: "entrepreneur" });
  const cookie = await signedInCookie(memberId);
  const seeding = performance.now();
  await seedContacts(memberId);
  const seeded = performance.now() - seeding;

  // A surname shared by about 1 in 17 contacts, matched anywhere in name or e-mail.
  const query = "okafor";
  const list = await fetchText(handle, context, "/user/contacts", cookie);
  if (!list.includes(`${CONTACTS} contacts`)) {
    throw new Error("The list page does not show the seeded contacts");
  }

  const floor = await measure(handle, context, "floor /healthz", "/healthz");
  const cases = [
    await measure(handle, context, `contact list, ${CONTACTS} contacts`, "/user/contacts", { Cookie: cookie }),
    await measure(handle, context, `text search ?q=${query}`, `/user/contacts?q=${query}`, { Cookie: cookie }),
  ];

  printAgainstFloor(`contacts: ${CONTACTS} seeded in ${(seeded / 1000).toFixed(1)} s (${BATCH} per insert)`, floor, cases);
}

async function fetchText(handle: Handle, context: AppLoadContext, url: string, cookie: string) {
  const response = await handle(new Request(`http://bench.local${url}`, { headers: { Cookie: cookie } }), context);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return response.text();
}
