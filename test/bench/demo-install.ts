import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A fresh install with the demo data in a new data folder, written before the server starts,
 * and the Cookie header of its first demo member signed in. Call it before anything imports the
 * app's database module: the module reads DATA_DIR once.
 */
export async function demoInstall(name: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `chapter-${name}-`));
  process.env.DATA_DIR = dataDir;
  process.env.NODE_ENV = "production";
  const { db } = await import("../../app/lib/db.server.ts");
  const { migrateToLatest } = await import("../../app/lib/migrate.server.ts");
  const { DEMO_MEMBERS, seedDemo } = await import("../../scripts/demo-data.ts");
  const { memberIdByEmail } = await import("../../app/features/members/members.server.ts");
  const { signedInCookie } = await import("./cookie.ts");
  await migrateToLatest(db);
  await seedDemo();
  const cookie = await signedInCookie((await memberIdByEmail(DEMO_MEMBERS[0].email))!);
  await db.destroy();
  return { dataDir, cookie };
}
