import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { TMP } from "../setup/paths";

// Starts the built app (npm test builds it first) on a free port with a fresh SQLite
// database and data folder, the way `npm start` serves it.

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

export async function startServer(dataDir: string, extraEnv: Record<string, string> = {}) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const child = spawn(path.resolve("node_modules/.bin/tsx"), ["server.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      SESSION_SECRET: "",
      APP_URL: "",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const ok = await fetch(`${baseURL}/healthz`).then((r) => r.ok).catch(() => false);
    if (ok) return { baseURL, child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(`The server did not answer /healthz within 30 s:\n${output}`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  return exited;
}

export default async function setup(project: TestProject) {
  const dataDir = path.join(TMP, "e2e-data");
  const { baseURL, child } = await startServer(dataDir);
  project.provide("baseURL", baseURL);
  project.provide("e2eDataDir", dataDir);
  return async () => {
    await stopServer(child);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    e2eDataDir: string;
  }
}
