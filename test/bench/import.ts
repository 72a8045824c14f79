// Contact import of a 10,000-row CSV file through the built request handler: upload (read
// and kept for the mapping step), confirm (duplicates merged with the member's 1,000
// contacts, all in one transaction) and undo, each as a ratio to the /healthz floor of the
// same run. No pass/fail timings; the aim is "in seconds". Run by run.ts (npm run bench).
import type { AppLoadContext } from "@remix-run/node";
import { db, nowIso } from "../../app/lib/db.server.ts";
import { createMember } from "../../app/features/members/members.server.ts";
import { type Handle, signedInCookie } from "./measure.ts";

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

async function timed(run: () => Promise<Response>) {
  const start = performance.now();
  const response = await run();
  await response.arrayBuffer();
  return { ms: performance.now() - start, response };
}

async function floorMs(handle: Handle, context: AppLoadContext) {
  const run = async () => (await handle(new Request("http://bench.local/healthz"), context)).arrayBuffer();
  for (let i = 0; i < 50; i++) await run();
  const start = performance.now();
  for (let i = 0; i < 300; i++) await run();
  return (performance.now() - start) / 300;
}

export async function benchImport(handle: Handle, context: AppLoadContext) {
  const memberId = await createMember({ name: "Import Bench", email: "import-bench@example.com", password: "bench-password", memberType: "investor" });
  const cookie = await signedInCookie(memberId);
  const now = nowIso();
  await db
    .insertInto("contacts")
    .values(
      Array.from({ length: EXISTING }, (_, n) => ({
        owner_id: memberId,
        name: `Known ${n}`,
        email: `person${n * 10}@example.com`,
        phone: null,
        is_important: 0,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
  const file = csvFile();
  const post = (url: string, body: FormData | URLSearchParams) =>
    handle(new Request(`http://bench.local${url}`, { method: "POST", body, headers: { Cookie: cookie } }), context);

  const results: { upload: number; confirm: number; undo: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const form = new FormData();
    form.append("csrf", "bench");
    form.append("file", new File([file], "bench.csv", { type: "text/csv" }));
    const upload = await timed(() => post("/user/contacts/import", form));
    const location = upload.response.headers.get("Location") ?? "";
    if (upload.response.status !== 302 || !/\/import\/\d+$/.test(location)) throw new Error(`upload answered ${upload.response.status}`);
    const mapping = new URLSearchParams({ csrf: "bench", duplicates: "merge" });
    ["first_name", "last_name", "email", "phone", "company", "occupation", "city", "notes"].forEach((field, index) =>
      mapping.set(`column_${index}`, field),
    );
    const confirm = await timed(() => post(location, mapping));
    if (confirm.response.status !== 302) throw new Error(`confirm answered ${confirm.response.status}`);
    const { total } = await db
      .selectFrom("contacts")
      .select((eb) => eb.fn.countAll<number>().as("total"))
      .where("owner_id", "=", memberId)
      .executeTakeFirstOrThrow();
    if (Number(total) !== ROWS) throw new Error(`expected ${ROWS} contacts after the import, found ${total}`);
    const undo = await timed(() => post(`${location}/undo`, new URLSearchParams({ csrf: "bench" })));
    if (undo.response.status !== 302) throw new Error(`undo answered ${undo.response.status}`);
    results.push({ upload: upload.ms, confirm: confirm.ms, undo: undo.ms });
  }

  const floor = await floorMs(handle, context);
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(`\ncontact import: ${ROWS} rows (${(file.length / 1e6).toFixed(1)} MB), ${EXISTING} of them merged into existing contacts; median of ${ROUNDS}`);
  console.log(`${"floor /healthz".padEnd(45)} ${floor.toFixed(3)} ms`);
  for (const step of ["upload", "confirm", "undo"] as const) {
    const ms = median(results.map((result) => result[step]));
    console.log(`${`${step} (${ROWS} rows)`.padEnd(45)} ${(ms / 1000).toFixed(2)} s   ${(ms / floor).toFixed(0)}x floor`);
  }
}
