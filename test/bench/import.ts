// Contact import of a 10,000-row CSV file over HTTP, as a member's browser sends it: upload (read
// and kept for the mapping step), confirm (duplicates merged with the member's 1,000 contacts,
// all in one transaction) and undo, one at a time; the median of a few rounds, in seconds.
import { createMember } from "../../app/features/members/members.server.ts";
import { db, nowIso } from "../../app/lib/db.server.ts";
import { signedIn } from "./cookie.ts";

const ROWS = 10_000;
const EXISTING = 1_000;
const ROUNDS = 3;

const HEADER = "First Name,Last Name,E-mail 1 - Value,Phone 1 - Value,Organization Name,Organization Title,Address 1 - City,Notes";

function csvFile() {
  const lines = [HEADER];
  for (let n = 0; n < ROWS; n++) {
    const phone = `+1416${String(5_000_000 + n).padStart(7, "0")}`;
    lines.push(`Person,Number ${n},person${n}@example.com,${phone},"Company ${n % 300}, Inc.",Founder,Toronto,"Met at fair ""${n % 7}"""`);
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The member who imports, with 1,000 contacts already, and the headers of their requests. */
export async function importFixture() {
  const memberId = await createMember({ name: "Import Bench", email: "import-bench@example.com", password: "bench-password", memberType: "investor" });
  const now = nowIso();
  const existing = Array.from({ length: EXISTING }, (_, n) => ({
    owner_id: memberId,
    name: `Known ${n}`,
    email: `person${n * 10}@example.com`,
    phone: null,
    is_important: 0,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto("contacts").values(existing).execute();
  const member = await signedIn(memberId);
  return { Cookie: member.cookie, "X-CSRF-Token": member.csrfToken };
}

export type ImportTimes = { upload: number; confirm: number; undo: number };

export async function measureImport(url: string, headers: Record<string, string>): Promise<ImportTimes> {
  const file = csvFile();
  const post = async (path: string, body: FormData | URLSearchParams) => {
    const start = performance.now();
    const response = await fetch(url + path, { method: "POST", body, headers, redirect: "manual" });
    await response.arrayBuffer();
    if (response.status !== 302) throw new Error(`POST ${path} answered ${response.status}`);
    return { ms: performance.now() - start, location: response.headers.get("Location") ?? "" };
  };
  const rounds: ImportTimes[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const form = new FormData();
    form.append("file", new File([file], "bench.csv", { type: "text/csv" }));
    const upload = await post("/user/contacts/import", form);
    const mappingPath = new URL(upload.location, url).pathname;
    if (!/\/import\/\d+$/.test(mappingPath)) throw new Error(`the upload went to ${upload.location}`);
    const mapping = new URLSearchParams({ duplicates: "merge" });
    ["first_name", "last_name", "email", "phone", "company", "occupation", "city", "notes"].forEach((field, index) => mapping.set(`column_${index}`, field));
    const confirm = await post(mappingPath, mapping);
    if (round === 0) {
      const list = await fetch(`${url}/user/contacts`, { headers }).then((response) => response.text());
      if (!list.includes(`${ROWS} contacts`)) throw new Error(`the import did not leave ${ROWS} contacts`);
    }
    const undo = await post(`${mappingPath}/undo`, new URLSearchParams());
    rounds.push({ upload: upload.ms, confirm: confirm.ms, undo: undo.ms });
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { upload: median(rounds.map((r) => r.upload)), confirm: median(rounds.map((r) => r.confirm)), undo: median(rounds.map((r) => r.undo)) };
}

export const importLabel = `contact import, ${ROWS} rows (${EXISTING} merged into existing contacts)`;
