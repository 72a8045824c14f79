// npm run bench: how much a signed-in page costs compared with the cheapest request the
// app serves (/healthz, one `select 1`), both measured in this run through the built
// request handler. Prints ratios, not pass/fail timings. `npm run bench` builds first.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-bench-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";

const { createRequestHandler } = await import("@remix-run/node");
const { db } = await import("../../app/lib/db.server.ts");
const { migrateToLatest } = await import("../../app/lib/migrate.server.ts");
const { createMember } = await import("../../app/features/members/members.server.ts");
const { startSession } = await import("../../app/lib/session.server.ts");

await migrateToLatest(db);
const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
const handle = createRequestHandler(build, "production");
const context = { cspNonce: "bench", clientIp: "127.0.0.1" };

const memberId = await createMember({ name: "Bench Member", email: "bench@example.com", password: "bench-password", memberType: "investor" });
const signedIn = await startSession(new Request("http://bench.local/signin"), memberId, { redirectTo: "/user" });
const cookie = signedIn.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");

async function measure(label: string, url: string, headers: Record<string, string> = {}) {
  const run = async () => {
    const response = await handle(new Request(`http://bench.local${url}`, { headers }), context);
    if (response.status !== 200) throw new Error(`${label}: ${url} answered ${response.status}`);
    await response.arrayBuffer();
  };
  for (let i = 0; i < 50; i++) await run();
  const rounds = 500;
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) await run();
  return Number(process.hrtime.bigint() - start) / rounds / 1e6;
}

const floor = await measure("floor", "/healthz");
const cases = [
  ["sign-in page (visitor)", await measure("signin", "/signin")],
  ["home page (signed in)", await measure("home", "/user", { Cookie: cookie })],
  ["profile settings (signed in, place lists)", await measure("profile", "/user/settings/profile", { Cookie: cookie })],
  ["provinces of a country (JSON)", await measure("provinces", "/user/ajax/get-province-by-countryId?country_id=CA", { Cookie: cookie })],
] as const;

console.log(`floor /healthz: ${floor.toFixed(3)} ms per request`);
for (const [label, ms] of cases) console.log(`${label.padEnd(45)} ${(ms / floor).toFixed(1)}x floor`);

// Imported only now: it opens the database this script has just pointed DATA_DIR at.
const { benchContacts } = await import("./contacts.ts");
await benchContacts(handle, context);
const { benchImport } = await import("./import.ts");
await benchImport(handle, context);
const { benchTimeline } = await import("./timeline.ts");
await benchTimeline(handle, context);
const { benchMemberSearch } = await import("./member-search.ts");
await benchMemberSearch(handle, context);

await db.destroy();
fs.rmSync(dataDir, { recursive: true, force: true });
