// npx tsx test/bench/profile.ts [--only TEXT] [--requests N] [--warm-up SECONDS] [--profile] [--allocations] [--queries] [--save] [--against BUILD_DIR]
// The bench's pages timed in this process, one request at a time, straight through Remix's
// request handler (no HTTP, no other process): the figures to decide by on a shared machine,
// where the HTTP bench's ratios are noisy. Each case is first asked for over and over for
// --warm-up seconds (5), not timed: V8 compiles a page's code to its fastest only after a
// thousand requests or more (docs/performance.md, "How to measure"). Prints per case the CPU time of a request (this
// process's, all threads: the steadiest figure on a busy machine), the mean, p50 and p95 of
// its wall time, the page's size and the heap after the run. With --profile, each case's timed requests (only they) are also
// CPU-profiled into test/.tmp/profiles/<case>.cpuprofile; profile-summary.ts summarises one.
// With --allocations, what each case's timed requests allocated on the JavaScript heap (V8's sampling heap profiler, counting
// what garbage collection has since freed): KB a request, and the functions that allocated most (garbage is what makes
// collections, and a collection stops the server). With --queries, the SQLite statements each case ran, by total time per request (TOP=N of them, SQL_CHARS=N of each one's text). With --save, each page's HTML goes to
// test/.tmp/pages/<case>.html, and the second request's to <case>-again.html (parts kept by ui/render-cache.tsx).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Session } from "node:inspector/promises";
import { parseArgs } from "node:util";
import type { ServerBuild } from "@remix-run/node";
import SQLite from "better-sqlite3";
import type { Case } from "./load.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values: args } = parseArgs({
  options: {
    only: { type: "string" },
    requests: { type: "string", default: "300" },
    "warm-up": { type: "string", default: "5" },
    profile: { type: "boolean", default: false },
    allocations: { type: "boolean", default: false },
    queries: { type: "boolean", default: false },
    save: { type: "boolean", default: false },
    against: { type: "string" },
  },
});
const REQUESTS = Number(args.requests);
const WARM_UP_MS = Number(args["warm-up"]) * 1000;

const PAGE_BYTES = Symbol.for("chapter.pageBytes");
const PROFILES = path.join(ROOT, "test/.tmp/profiles");
const PAGES = path.join(ROOT, "test/.tmp/pages");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-profile-"));
process.env.DATA_DIR = dataDir;
process.env.UPLOADS_DIR = path.join(dataDir, "uploads");
process.env.NODE_ENV = "production";
const { db } = await import("../../app/lib/db.server.ts");
const { migrateToLatest } = await import("../../app/lib/migrate.server.ts");
const { protectActions } = await import("../../app/lib/csrf.server.ts");
const { createRequestHandler } = await import("@remix-run/node");
const { percentile } = await import("./load.ts");
await migrateToLatest(db);

const cases: Case[] = [
  { label: "sign-in page (visitor)", paths: ["/signin"], expect: "Sign in" },
  ...(await (await import("./timeline.ts")).timelineCases()),
  ...(await (await import("./contacts.ts")).contactsCases()),
  ...(await (await import("./calendar.ts")).calendarCases()),
];
const handlerOf = async (dir: string) =>
  createRequestHandler(protectActions((await import(pathToFileURL(path.join(dir, "index.js")).href)) as ServerBuild), "production");
const handle = await handlerOf(path.join(ROOT, "build"));

async function request(item: Case, n: number, handler = handle) {
  const url = `http://127.0.0.1${item.paths[n % item.paths.length]}`;
  const response = await handler(new Request(url, { headers: item.headers }), { cspNonce: "bench", clientIp: "127.0.0.1", setCookie: () => {} });
  // Bytes, as the server sends them: decoding the page into a string (response.text()) was a
  // third of the CPU time measured for the contact list, none of it the server's. A page's
  // bytes ride on its Response (pageResponse), and the server reads them there.
  const page = (response as { [PAGE_BYTES]?: Uint8Array })[PAGE_BYTES];
  const body = page ? Buffer.from(page.buffer, page.byteOffset, page.byteLength) : Buffer.from(await response.arrayBuffer());
  if (n === 0 && (response.status !== 200 || !body.includes(item.expect))) throw new Error(`${url} answered ${response.status} without "${item.expect}"`);
  if ((n === 0 || n === 1) && args.save) {
    fs.mkdirSync(PAGES, { recursive: true });
    fs.writeFileSync(path.join(PAGES, `${item.label.replace(/[^\w]+/g, "-")}${n ? "-again" : ""}.html`), body);
  }
  return body.length;
}

// Every statement's run timed by its SQL text (better-sqlite3 runs them synchronously).
const queryTimes = new Map<string, { ms: number; runs: number }>();
if (args.queries) {
  const statement = Object.getPrototypeOf(new SQLite(":memory:").prepare("select 1")) as Record<string, unknown>;
  for (const method of ["all", "get", "run"]) {
    const original = statement[method] as (...params: unknown[]) => unknown;
    statement[method] = function (this: SQLite.Statement, ...params: unknown[]) {
      const start = performance.now();
      try {
        return original.apply(this, params);
      } finally {
        const entry = queryTimes.get(this.source) ?? { ms: 0, runs: 0 };
        entry.ms += performance.now() - start;
        entry.runs += 1;
        queryTimes.set(this.source, entry);
      }
    };
  }
}

const inspector = new Session();
inspector.connect();
await inspector.post("Profiler.enable");
await inspector.post("Profiler.setSamplingInterval", { interval: 100 });

/** Asks for a case (`ask`, given each request's number) over and over until WARM_UP_MS have passed, at least once. */
async function warmUp(ask: (n: number) => Promise<unknown>) {
  const start = performance.now();
  for (let n = 0; n === 0 || performance.now() - start < WARM_UP_MS; n++) await ask(n);
}

/**
 * --against DIR: another server build (a copy of `build/` made from other code, inside the
 * project so that it finds node_modules: `cp -r build test/.tmp/build-before`; or the build of
 * another checkout, with the node_modules there), loaded beside this one on the same database;
 * each case's requests alternate between the two, one at a time, so that whatever else the
 * machine does falls on both alike. Prints each one's CPU ms a request (measured around each request) and
 * this build's as a share of the other's.
 */
async function compare(dir: string) {
  const other = await handlerOf(path.resolve(dir));
  console.log(`${"case".padEnd(40)} ${"this cpu".padStart(9)} ${"other".padStart(7)} ${"this/other".padStart(11)}`);
  for (const item of cases.filter((item) => !args.only || item.label.includes(args.only))) {
    const cpu = [0, 0];
    await warmUp((n) => Promise.all([request(item, n), request(item, n, other)]));
    for (let n = 0; n < REQUESTS; n++) {
      // Which goes first alternates too.
      for (const which of n % 2 ? [0, 1] : [1, 0]) {
        const before = process.cpuUsage();
        await request(item, n, which ? other : handle);
        const used = process.cpuUsage(before);
        cpu[which] += (used.user + used.system) / 1000;
      }
    }
    console.log(
      `${item.label.padEnd(40)} ${(cpu[0] / REQUESTS).toFixed(3).padStart(9)} ${(cpu[1] / REQUESTS).toFixed(3).padStart(7)} ${(cpu[0] / cpu[1]).toFixed(3).padStart(11)}`,
    );
  }
}

/** Each case timed on its own: CPU and wall time a request, the page, the heap; its profile and queries when asked. */
async function measure() {
  console.log(
    `${"case".padEnd(40)} ${"cpu ms".padStart(7)} ${"mean ms".padStart(8)} ${"p50".padStart(6)} ${"p95".padStart(6)} ${"KB".padStart(6)} ${"heap MB".padStart(8)}`,
  );
  for (const item of cases.filter((item) => !args.only || item.label.includes(args.only))) {
    await warmUp((n) => request(item, n));
    const times: number[] = [];
    let bytes = 0;
    if (args.profile) await inspector.post("Profiler.start");
    if (args.allocations)
      await inspector.post("HeapProfiler.startSampling", {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
    queryTimes.clear();
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    for (let n = 0; n < REQUESTS; n++) {
      const before = performance.now();
      bytes = await request(item, n);
      times.push(performance.now() - before);
    }
    const mean = (performance.now() - start) / REQUESTS;
    const cpuUsed = process.cpuUsage(cpuBefore);
    const cpu = (cpuUsed.user + cpuUsed.system) / 1000 / REQUESTS;
    if (args.profile) {
      const { profile } = await inspector.post("Profiler.stop");
      fs.mkdirSync(PROFILES, { recursive: true });
      fs.writeFileSync(path.join(PROFILES, `${item.label.replace(/[^\w]+/g, "-")}.cpuprofile`), JSON.stringify(profile));
    }
    const allocated = args.allocations ? await allocations() : null;
    const heap = process.memoryUsage().heapUsed / 1024 / 1024;
    console.log(
      `${item.label.padEnd(40)} ${cpu.toFixed(2).padStart(7)} ${mean.toFixed(2).padStart(8)} ${percentile(times, 50).toFixed(2).padStart(6)} ${percentile(times, 95).toFixed(2).padStart(6)} ${(bytes / 1024).toFixed(0).padStart(6)} ${heap.toFixed(0).padStart(8)}`,
    );
    if (allocated) {
      console.log(`  allocated ${(allocated.total / 1024 / REQUESTS).toFixed(0)} KB a request; by function (self), KB a request:`);
      for (const [where, bytes] of allocated.byFunction.slice(0, Number(process.env.TOP ?? 15)))
        console.log(`  ${(bytes / 1024 / REQUESTS).toFixed(1).padStart(7)}  ${where}`);
    }
    if (args.queries) {
      for (const [source, { ms, runs }] of [...queryTimes].sort((a, b) => b[1].ms - a[1].ms).slice(0, Number(process.env.TOP ?? 8))) {
        console.log(
          `  ${(ms / REQUESTS).toFixed(3).padStart(7)} ms ${(runs / REQUESTS).toFixed(1).padStart(4)}x  ${source.replace(/\s+/g, " ").slice(0, Number(process.env.SQL_CHARS ?? 150))}`,
        );
      }
    }
  }
}

type AllocationNode = { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: AllocationNode[] };

/** Stops the sampling heap profiler: the bytes allocated since it started, and by function (name and place), most first. */
async function allocations() {
  const { profile } = (await inspector.post("HeapProfiler.stopSampling")) as { profile: { head: AllocationNode } };
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (node: AllocationNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = `${functionName || "(anonymous)"} ${url.replace(/^.*\/node_modules\//, "").replace(/^file:\/\/.*?\/(build|app)\//, "$1/")}:${lineNumber + 1}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) walk(child);
  };
  walk(profile.head);
  return { total, byFunction: [...byFunction].sort((a, b) => b[1] - a[1]) };
}

try {
  if (args.against) await compare(args.against);
  else await measure();
} finally {
  inspector.disconnect();
  await db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
