// The contact list with a full book: one member with 10,000 contacts (batched inserts in one
// transaction), and the cases measured on it: the first page, a text search and a filter.
import { db, nowIso } from "../../app/lib/db.server.ts";
import { createMember } from "../../app/features/members/members.server.ts";
import { signedInCookie } from "./cookie.ts";
import type { Case } from "./load.ts";

const CONTACTS = 10_000;
const BATCH = 500;

const FIRST = ["Ana", "Bob", "Carla", "Dmitri", "Élise", "Farah", "Gus", "Hana", "Ivan", "Jia", "Kofi", "Lena", "Mateo", "Nia", "Omar", "Priya"];
const LAST = [
  "Ortega",
  "Baker",
  "Cruz",
  "Ivanov",
  "Ørsted",
  "Haddad",
  "Green",
  "Sato",
  "Novak",
  "Li",
  "Mensah",
  "Berg",
  "Rossi",
  "Okafor",
  "Khan",
  "Patel",
  "Nakamura",
];
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

export async function contactsCases(): Promise<Case[]> {
  const memberId = await createMember({ name: "Contacts Bench", email: "contacts-bench@example.com", password: "bench-password", memberType: "entrepreneur" });
  const headers = { Cookie: await signedInCookie(memberId) };
  await seedContacts(memberId);
  return [
    { label: `contacts, first page of ${CONTACTS}`, paths: ["/user/contacts"], headers, expect: `${CONTACTS} contacts` },
    // A surname shared by about 1 in 17 contacts, matched anywhere in name or e-mail.
    { label: "contacts, text search ?q=okafor", paths: ["/user/contacts?q=okafor"], headers, expect: "Okafor" },
    { label: "contacts, filter (place, important)", paths: ["/user/contacts?meet_place=golf&important=1"], headers, expect: "Golf club" },
  ];
}
