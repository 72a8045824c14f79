// The servers a bench run measures, each in its own process: the floor (floor-server.ts) and
// Chapter as `npm start` serves it (build/server/server.js, NODE_ENV=production), with the
// request timer of server-timing.mjs loaded in. Each one's resident memory (VmRSS) is sampled while it runs.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const RSS_EVERY_MS = 250;

export type Server = {
  name: string;
  url: string;
  /** Resolves once the server has answered everything sent before (one request, queued behind them). */
  settle: () => Promise<void>;
  /** The highest VmRSS seen so far, in MB. */
  maxRssMb: () => number;
  /** The CPU time the server's process has used so far (user + system, all threads), in ms. */
  cpuMs: () => number;
  /** Server-side times (ms) of the requests whose address starts with `prefix`, while `during` runs. */
  serverTimes: (prefix: string, during: () => Promise<unknown>) => Promise<number[]>;
  /** Sends the server a message over IPC and resolves with its answer. */
  ask: <T>(message: object) => Promise<T>;
  stop: () => Promise<void>;
};

/** A port free on the loopback address (asked of the system). */
export function freePort() {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function rssMb(pid: number) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return kb ? Number(kb[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

const TICKS_PER_SECOND = 100; // getconf CLK_TCK on Linux

function cpuMs(pid: number) {
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}

function reply<T>(child: ChildProcess, message: object) {
  return new Promise<T>((resolve) => {
    child.once("message", (answer) => resolve(answer as T));
    child.send(message);
  });
}

async function start(name: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; port: number; ready: string }): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd: options.cwd, env: options.env, stdio: ["ignore", "pipe", "pipe", "ipc"] });
  let output = "";
  // BENCH_SERVER_LOG=PATH: each server's output, whole, into PATH.<its name> (with BENCH_NODE_FLAGS=--trace-gc, say).
  const log = process.env.BENCH_SERVER_LOG ? fs.createWriteStream(`${process.env.BENCH_SERVER_LOG}.${name.replace(/\W+/g, "-")}`) : undefined;
  const keep = (chunk: Buffer) => {
    log?.write(chunk);
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  let exited = false;
  child.once("exit", () => (exited = true));

  const url = `http://127.0.0.1:${options.port}`;
  for (let tries = 0; ; tries++) {
    if (exited || tries > 300) throw new Error(`${name} did not start:\n${output}`);
    const ok = await fetch(url + options.ready).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let maxRss = rssMb(child.pid!);
  const sampler = setInterval(() => (maxRss = Math.max(maxRss, rssMb(child.pid!))), RSS_EVERY_MS);
  return {
    name,
    url,
    settle: () =>
      fetch(url + options.ready)
        .then((response) => response.arrayBuffer())
        .then(() => undefined),
    maxRssMb: () => Math.max(maxRss, rssMb(child.pid!)),
    cpuMs: () => cpuMs(child.pid!),
    async serverTimes(prefix, during) {
      await reply(child, { watch: prefix });
      await during();
      return (await reply<{ times: number[] }>(child, { collect: true })).times;
    },
    ask: (message) => reply(child, message),
    async stop() {
      clearInterval(sampler);
      if (exited) return;
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await gone;
    },
  };
}

/** The floor (floor-server.ts) on the app in `folder`, floor/ unless given. */
export function startFloor(port: number, { name = "floor", folder }: { name?: string; folder?: string } = {}) {
  return start(name, ["--import", "tsx", path.join(ROOT, "test/bench/floor-server.ts"), String(port), ...(folder ? [folder] : [])], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production" },
    port,
    ready: "/",
  });
}

/** Node's flags in `npm run serve` (which `npm start` runs), so the bench serves Chapter with the same heap settings. */
function serveFlags() {
  const serve = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.serve;
  const flags = /^node ((?:--\S+ )*)build\/server\/server\.js$/.exec(serve);
  if (!flags) throw new Error(`package.json's serve script is not "node [--flags] build/server/server.js": ${serve}`);
  return flags[1].split(" ").filter(Boolean);
}

/** Chapter's compiled server (`npm run build`; `server`, this checkout's unless given), run in `cwd` (where it finds build/index.js and public/), on the data folder given. */
export function startChapter(
  name: string,
  port: number,
  { cwd, dataDir, server = path.join(ROOT, "build/server/server.js") }: { cwd: string; dataDir: string; server?: string },
) {
  // BENCH_CPU_PROF=DIR: a CPU profile of the server under load, written into DIR when it stops.
  const profiling = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_NODE_FLAGS="--trace-gc-nvp …": more of Node's flags for Chapter's servers (each of them).
  const extra = process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  return start(name, [...serveFlags(), ...profiling, ...extra, "--import", path.join(ROOT, "test/bench/server-timing.mjs"), server], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(dataDir, "uploads"),
    },
    port,
    ready: "/healthz",
  });
}
