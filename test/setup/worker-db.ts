import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { server as msw } from "../mocks";
import { TMP } from "./paths";

// Runs in every test file before it imports the app: each worker gets its own copy of the
// migrated database and its own data folder (outbox, secrets), emptied after each test.

const template = inject("databaseTemplate");
const worker = process.env.VITEST_POOL_ID ?? "1";
const dataDir = path.join(TMP, `${template.dialect}-w${worker}`);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
process.env.SESSION_SECRET = "test-secret-that-is-long-enough-for-the-schema";
delete process.env.SMTP_URL;
delete process.env.APP_URL;

async function cloneDatabase() {
  if (template.dialect === "sqlite") {
    const file = path.join(dataDir, "chapter.db");
    fs.copyFileSync(template.url, file);
    return file;
  }
  const templateUrl = new URL(template.url);
  const name = `${templateUrl.pathname.slice(1)}_w${worker}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateUrl.pathname.slice(1)}`);
  await admin.end();
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return url.href;
}

process.env.DATABASE_URL = await cloneDatabase();

beforeAll(() => msw.listen({ onUnhandledRequest: "error" }));

afterEach(async () => {
  msw.resetHandlers();
  const { db } = await import("../../app/lib/db.server");
  const { emptyDatabase } = await import("./empty-database");
  await emptyDatabase(db);
  (await import("../../app/lib/remember.server")).forget("club-settings");
  fs.rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
});

afterAll(async () => {
  msw.close();
  const { db } = await import("../../app/lib/db.server");
  const { forget } = await import("../../app/lib/remember.server");
  await (await import("../../app/lib/live-bus.server")).closeLiveBus();
  await db.destroy();
  forget("db");
});
