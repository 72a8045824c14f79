import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { TMP } from "../setup/paths";

// Starts the built app (npm test builds it first) on a free port with a fresh SQLite
// database and data folder, the way `npm start` serves it (the shared server on PostgreSQL
// with E2E_DATABASE_URL: setup, below).

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** `fresh: false` starts it on the data folder as it is (a restart); `readyMs` is the time
 * from spawning the process to its first 200 from /healthz. */
export async function startServer(dataDir: string, extraEnv: Record<string, string> = {}, { fresh = true } = {}) {
  if (fresh) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  // node with tsx's loader, as one process (the tsx command runs the server in a child of its
  // own): a signal sent to `child`, SIGKILL included, reaches the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
      DATABASE_URL: "",
      SMTP_URL: "",
      SESSION_SECRET: "",
      APP_URL: "",
      // No weekly digest in the outbox of a test server that happens to run on its day.
      WEEKLY_DIGEST_DAY: "off",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const spawnedAt = performance.now();
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const ok = await fetch(`${baseURL}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { baseURL, child, output: () => output, readyMs: performance.now() - spawnedAt };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill("SIGKILL");
  throw new Error(`The server did not answer /healthz within 30 s:\n${output}`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return exited;
}

/** The Cookie header that sends back what this response set. */
function cookieHeader(response: Response) {
  return response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
}

/** Signs the first account up through the form, so that it is the install's admin whatever
 * test file runs first; everyone the tests sign up afterwards is a plain member. */
export async function createAdmin(baseURL: string, admin: { name: string; email: string; password: string }) {
  const form = await fetch(`${baseURL}/signup`);
  const csrf = /name="csrf" value="([^"]+)"/.exec(await form.text())?.[1];
  if (!form.ok || !csrf) throw new Error(`GET /signup answered ${form.status} without a csrf field`);
  const response = await fetch(`${baseURL}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(form) },
    body: new URLSearchParams({ csrf, ...admin, memberType: "business_contact" }),
  });
  // The first admin is led to the club's page once.
  if (response.status !== 302 || response.headers.get("Location") !== "/user/admin/club") {
    throw new Error(`Signing the admin up answered ${response.status}:\n${await response.text()}`);
  }
}

export default async function setup(project: TestProject) {
  const dataDir = path.join(TMP, "e2e-data");
  // Every sign-in comes from 127.0.0.1: a per-address limit would let one test file's failed
  // attempts lock the others out. The per-account limit keeps its default (5).
  // CHECK_PAGE_DATA: pageData (app/lib/page-data.server.ts) refuses data JSON would change.
  // E2E_DATABASE_URL: the shared server on that (empty) PostgreSQL database instead; servers
  // a test file starts for itself (crash safety, nightly backup, Stripe) stay on SQLite.
  // BANK_*: a club members can pay (by bank transfer); test/e2e/club.test.ts starts one that cannot.
  const { baseURL, child } = await startServer(dataDir, {
    SIGNIN_MAX_FAILURES_PER_IP: "1000",
    CHECK_PAGE_DATA: "1",
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
    BANK_ACCOUNT_NAME: "Chapter Club Ltd",
    BANK_NAME: "First Example Bank",
    BANK_IBAN: "GB33BUKB20201555555555",
  });
  const admin = { name: "Ada Admin", email: "admin@example.com", password: "admin password 1" };
  try {
    await createAdmin(baseURL, admin);
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  project.provide("baseURL", baseURL);
  project.provide("e2eDataDir", dataDir);
  project.provide("admin", admin);
  return async () => {
    await stopServer(child);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    e2eDataDir: string;
    /** The install's first account, hence its admin. */
    admin: { name: string; email: string; password: string };
  }
}
