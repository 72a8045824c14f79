// Member search over a large club: 100,000 members, and the autocomplete (/search_contacts,
// JSON) taken through several queries, timed server-side too (target: p95 <= 10 ms). Checks
// first that the search's query plans are index range scans on users.search_name (the
// name's start) and member_name_words.word (any word of the name).
import { sql } from "kysely";
import { db, nowIso } from "../../app/lib/db.server.ts";
import { createMember } from "../../app/features/members/members.server.ts";
import { nameWords, searchName } from "../../app/features/social/search-name.ts";
import { signedInCookie } from "./cookie.ts";
import type { Case } from "./load.ts";

const MEMBERS = 100_000;
const BATCH = 500;

const FIRST = [
  "Ana",
  "Bob",
  "Carla",
  "Dmitri",
  "Élise",
  "Farah",
  "Gus",
  "Hana",
  "Ivan",
  "Jia",
  "Kofi",
  "Lena",
  "Mateo",
  "Nia",
  "Omar",
  "Priya",
  "Quinn",
  "Rosa",
  "Sven",
  "Tariq",
];
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
const WANTS = ["Investors in solar", "A co-founder", "Distributors in Europe", "Office space", "A mentor in retail"];

async function seedMembers() {
  const now = nowIso();
  // Members sign in with a password; none of these do, so one placeholder hash serves all.
  const hash = "$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bench";
  await db.transaction().execute(async (trx) => {
    for (let offset = 0; offset < MEMBERS; offset += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, MEMBERS - offset) }, (_, index) => {
        const n = offset + index;
        const name = `${FIRST[n % FIRST.length]} ${LAST[Math.floor(n / FIRST.length) % LAST.length]} ${n}`;
        return {
          email: `member-${n}@bench.example.com`,
          name,
          search_name: searchName(name),
          password_hash: hash,
          role: "member" as const,
          member_type: "entrepreneur" as const,
          looking_for: WANTS[n % WANTS.length],
          disabled_at: n % 50 === 0 ? now : null,
          created_at: now,
          updated_at: now,
        };
      });
      const ids = await trx.insertInto("users").values(rows).returning("id").execute();
      const words = ids.flatMap(({ id }, index) => nameWords(rows[index].name).map((word) => ({ member_id: id, word })));
      await trx.insertInto("member_name_words").values(words).execute();
    }
  });
}

/** SQLite's plan for the search query (the bench runs on SQLite). */
async function queryPlan(prefix: string) {
  const rows = await sql<{ detail: string }>`explain query plan
    select users.id from users left join files on files.id = users.profile_image_id
    where users.search_name >= ${prefix} and users.search_name < ${`${prefix}\u{10FFFF}`}
      and users.disabled_at is null and users.id != ${0}
    order by users.search_name, users.id limit 10`.execute(db);
  return rows.rows.map((row) => row.detail).join("; ");
}

/** SQLite's plan for the word search (a word of the name starting with the prefix). */
async function wordPlan(prefix: string) {
  const rows = await sql<{ detail: string }>`explain query plan
    select w.word, users.id from member_name_words w join users on users.id = w.member_id
      left join files on files.id = users.profile_image_id
    where w.word >= ${prefix} and w.word < ${`${prefix}\u{10FFFF}`}
      and users.disabled_at is null and users.id != ${0}
      and exists (select 1 from member_name_words o where o.member_id = w.member_id and o.word >= ${prefix} and o.word < ${`${prefix}\u{10FFFF}`})
    order by w.word, w.member_id limit 50`.execute(db);
  return rows.rows.map((row) => row.detail).join("; ");
}

export async function memberSearchCases(): Promise<Case[]> {
  const memberId = await createMember({ name: "Search Bench", email: "search-bench@example.com", password: "bench-password", memberType: "investor" });
  await seedMembers();
  const plan = await queryPlan("ana");
  if (!plan.includes("users_search_name")) throw new Error(`The search does not use its index: ${plan}`);
  const words = await wordPlan("orsted");
  if (!words.includes("member_name_words_word") || words.includes("TEMP B-TREE")) throw new Error(`The word search does not use its index: ${words}`);
  const headers = { Cookie: await signedInCookie(memberId), Accept: "application/json" };
  // A full name, a name's start with 5,000 matches, a last name, two words, and no match.
  const queries = ["elise%20orsted", "a", "orsted", "orsted%20el", "rossi%20zz"];
  return [
    {
      label: `member search, ${MEMBERS} members`,
      paths: queries.map((q) => `/search_contacts?q=${q}`),
      headers,
      expect: "Élise Ørsted",
      serverTimeOf: "/search_contacts",
    },
  ];
}
