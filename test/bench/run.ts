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
const { measure, printAgainstFloor, signedInCookie } = await import("./measure.ts");

await migrateToLatest(db);
const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
const handle = createRequestHandler(build, "production");
const context = { cspNonce: "bench", clientIp: "127.0.0.1" };

const memberId = await createMember({ name: "Bench Member", email: "bench@example.com", password: "bench-password", memberType: "investor" });
const cookie = await signedInCookie(memberId);

const floor = await measure(handle, context, "floor /healthz", "/healthz");
const cases = [
  await measure(handle, context, "sign-in page (visitor)", "/signin"),
  await measure(handle, context, "home page (signed in)", "/user", { Cookie: cookie }),
  await measure(handle, context, "profile settings (signed in, place lists)", "/user/settings/profile", { Cookie: cookie }),
  await measure(handle, context, "provinces of a country (JSON)", "/user/ajax/get-province-by-countryId?country_id=CA", { Cookie: cookie }),
];
printAgainstFloor("pages", floor, cases);

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
