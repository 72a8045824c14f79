// npm run bench [-- --extra-routes N] [--against DIR] [--same-markup] [--rounds N] [--seconds N] [--warm-up N] [--only TEXT|TEXT…] [--server-time] [--browser-encoding]
// What Chapter's pages cost against the least a Remix page can cost: a bare Remix route (floor/,
// a 50-row list) built and served in this run, and Chapter served as `npm start` serves it, on a
// fresh data folder with generated fixtures. Load over HTTP (autocannon, 50 connections),
// alternating floor and Chapter in every round; prints ratios, p95/p99, failures, the member
// search's server time and each server's peak memory. With --extra-routes N the same app built
// with N more routes runs beside it, to show whether cost grows with the number of routes.
// With --against DIR, another checkout's build (DIR, after its own `npm run build`) runs beside
// it in the same rounds: a change measured against the code before it, on the same fixtures.
// With --same-markup, the floor also serves each page's own HTML as a bare route renders it
// (floor/app/routes/markup.$name.tsx), and so does a copy of the floor whose entry sends the page
// as bytes as Chapter's does (floor-bytes.entry.server.tsx), measured in the same rounds: how
// much of a page's cost is its markup alone, whatever made it. With --browser-encoding, every
// request (the floor's too) says Accept-Encoding as Chromium does, so answers are compressed as
// a browser gets them; without it, none is. BENCH_CPU_PROF=DIR: Chapter's servers write a CPU profile
// of the run into DIR (servers.ts); BENCH_NODE_FLAGS="…" gives them more of Node's flags, and
// BENCH_SERVER_LOG=PATH writes each server's output into PATH.<its name>.
// No pass/fail: the machine is shared, so quote ratios from one run. `npm run bench` builds first.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type Case, CONNECTIONS, load, type Measurable, measureCase, percentile } from "./load.ts";
import { freePort, type Server, startChapter, startFloor } from "./servers.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values: args } = parseArgs({
  options: {
    "extra-routes": { type: "string", default: "0" },
    against: { type: "string" },
    rounds: { type: "string", default: "3" },
    seconds: { type: "string", default: "5" },
    "warm-up": { type: "string", default: "5" },
    only: { type: "string" },
    "server-time": { type: "boolean", default: false },
    "same-markup": { type: "boolean", default: false },
    "browser-encoding": { type: "boolean", default: false },
  },
});
const extraRoutes = Number(args["extra-routes"]);
const timing = {
  rounds: Number(args.rounds),
  seconds: Number(args.seconds),
  warmUp: Number(args["warm-up"]),
  headers: (args["browser-encoding"] ? { "Accept-Encoding": "gzip, deflate, br, zstd" } : {}) as Record<string, string>,
};

function remixBuild(cwd: string, env: NodeJS.ProcessEnv = process.env) {
  const built = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], { cwd, env, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`remix build in ${cwd} failed:\n${built.stdout}\n${built.stderr}`);
}

const MIN_ANSWERS = 100;
const whole = (ms: number) => (Number.isFinite(ms) ? ms.toFixed(0) : "-");
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log("Building the floor" + (extraRoutes ? ` and Chapter with ${extraRoutes} extra routes` : "") + "…");
remixBuild(path.join(ROOT, "test/bench/floor"), { ...process.env, ...(args["same-markup"] ? { FLOOR_SAME_MARKUP: "1" } : {}) });
// --same-markup's second floor: a copy of floor/ whose entry renders to bytes as Chapter's does.
const BYTES_FLOOR = path.join(ROOT, "test/.tmp/floor-bytes");
if (args["same-markup"]) {
  fs.rmSync(BYTES_FLOOR, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, "test/bench/floor"), BYTES_FLOOR, { recursive: true, filter: (source) => !/[/\\](build|\.cache)$/.test(source) });
  fs.copyFileSync(path.join(ROOT, "test/bench/floor-bytes.entry.server.tsx"), path.join(BYTES_FLOOR, "app/entry.server.tsx"));
  // Its markup route imports ../../../markup, from the folder above the copy.
  fs.copyFileSync(path.join(ROOT, "test/bench/markup.ts"), path.join(BYTES_FLOOR, "../markup.ts"));
  remixBuild(BYTES_FLOOR, { ...process.env, FLOOR_SAME_MARKUP: "1" });
}
let extraRoot: string | null = null;
if (extraRoutes) {
  remixBuild(ROOT, { ...process.env, BENCH_EXTRA_ROUTES: String(extraRoutes) });
  const { extraRoutesDir } = await import("./extra-routes.js");
  // server.ts finds build/, public/ and migrations/ in its working folder.
  extraRoot = path.join(ROOT, extraRoutesDir(extraRoutes));
  fs.rmSync(path.join(extraRoot, "migrations"), { force: true });
  fs.symlinkSync(path.join(ROOT, "migrations"), path.join(extraRoot, "migrations"));
}

// Fixtures, written before any server starts: the app modules open the database of DATA_DIR.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-bench-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
const { db } = await import("../../app/lib/db.server.ts");
const { migrateToLatest } = await import("../../app/lib/migrate.server.ts");
await migrateToLatest(db);
async function timed<T>(label: string, make: () => Promise<T>) {
  const start = performance.now();
  const made = await make();
  console.log(`fixture: ${label} in ${seconds(performance.now() - start)}`);
  return made;
}
const cases: Case[] = [
  { label: "sign-in page (visitor)", paths: ["/signin"], expect: "Sign in", target: ">= 0.5" },
  ...(await timed("2,000 members, 20,000 posts, 150 friends", async () => (await import("./timeline.ts")).timelineCases())).map((item) => ({
    ...item,
    target: ">= 0.35",
  })),
  ...(await timed("10,000 contacts", async () => (await import("./contacts.ts")).contactsCases())).map((item) => ({
    ...item,
    target: ">= 0.3, p95 <= 100 ms",
  })),
  ...(await timed("100,000 members", async () => (await import("./member-search.ts")).memberSearchCases())).map((item) => ({
    ...item,
    target: "server p95 <= 10 ms",
  })),
  ...(await timed("200 calendar series over 5 years", async () => (await import("./calendar.ts")).calendarCases())).map((item) => ({
    ...item,
    target: ">= 0.3",
  })),
];
// --only "home|timeline": the cases whose label has any of the texts between the bars.
const onlyTexts = args.only?.split("|") ?? null;
const measured = cases.filter((item) => !onlyTexts || onlyTexts.some((text) => item.label.includes(text)));
const { importFixture, importLabel, measureImport } = await import("./import.ts");
const importHeaders = await importFixture();
await db.destroy();

const servers: Server[] = [];
try {
  const floor = await startFloor(await freePort());
  servers.push(floor);
  const bytesFloor = args["same-markup"] ? await startFloor(await freePort(), { name: "bytes floor", folder: BYTES_FLOOR }) : null;
  if (bytesFloor) servers.push(bytesFloor);
  const apps = [await startChapter("Chapter", await freePort(), { cwd: ROOT, dataDir })];
  if (args.against) {
    const other = path.resolve(args.against);
    apps.push(
      await startChapter(path.basename(other).slice(0, 14), await freePort(), { cwd: other, dataDir, server: path.join(other, "build/server/server.js") }),
    );
  }
  if (extraRoot) apps.push(await startChapter(`+${extraRoutes} routes`, await freePort(), { cwd: extraRoot, dataDir }));
  servers.push(...apps);

  const markupName = (item: Case) => item.label.replace(/[^\w]+/g, "-");
  const sameMarkup = new Set<Case>();
  for (const item of measured) {
    for (const app of apps) {
      const response = await fetch(app.url + item.paths[0], { headers: item.headers, redirect: "manual" });
      const body = await response.text();
      if (response.status !== 200 || !body.includes(item.expect))
        throw new Error(`${app.name} ${item.paths[0]} answered ${response.status} without "${item.expect}"`);
      if (args["same-markup"] && app === apps[0] && response.headers.get("Content-Type")?.startsWith("text/html")) {
        for (const server of [floor, bytesFloor!]) {
          await server.ask({ markup: { name: markupName(item), html: body } });
          const copy = await fetch(`${server.url}/markup/${markupName(item)}`).then((answer) => answer.text());
          if (!copy.includes(item.expect)) throw new Error(`${server.name}'s copy of ${item.paths[0]} lacks "${item.expect}"`);
        }
        sameMarkup.add(item);
      }
    }
  }
  const markupPaths = (item: Case) => [`/markup/${markupName(item)}`];
  const markupFloors: Measurable[] = bytesFloor
    ? [
        { ...floor, name: "same markup", pathsOf: markupPaths },
        { ...bytesFloor, name: "same, bytes", pathsOf: markupPaths },
      ]
    : [];

  console.log(
    `\nLoad: ${CONNECTIONS} connections, ${timing.warmUp} s of warm-up on each server, then ${timing.rounds} rounds of ${timing.seconds} s, floor and app alternated; ratio = app req/s / floor req/s (median of the rounds)`,
  );
  if (args["browser-encoding"]) console.log("Every request says Accept-Encoding: gzip, deflate, br, zstd (as Chromium does)");
  console.log("cpu = the server's CPU ms a request over the rounds (median), floor's and app's: steadier than req/s when the machine is shared");
  const column = (name: string) =>
    `${name.padEnd(14)} ${"ratio".padStart(6)} ${"p95 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"failed".padStart(6)} ${"cpu".padStart(5)}`;
  if (bytesFloor) {
    console.log(`"same markup" = the floor rendering the page's own HTML (its body, scripts as text) as static elements, as a share of the floor's req/s;`);
    console.log(`"same, bytes" = the same with an entry like Chapter's (renderToString, the page sent as bytes) instead of Remix's default streaming one`);
  }
  console.log(
    `${"case".padEnd(40)} ${"floor req/s".padStart(11)} ${"cpu".padStart(5)} ${"p95 ms".padStart(7)}   ${[...apps, ...markupFloors].map((app) => column(app.name)).join("   ")}   target`,
  );
  for (const item of measured) {
    const result = await measureCase(floor, sameMarkup.has(item) ? [...apps, ...markupFloors] : apps, item, timing);
    const cells = result.apps.map(
      (measured) =>
        `${`${measured.requestsPerSecond.toFixed(0)} req/s`.padEnd(14)} ${measured.ratio.toFixed(2).padStart(6)} ${whole(measured.p95).padStart(7)} ${whole(measured.p99).padStart(7)} ${String(measured.failures).padStart(6)} ${measured.cpuMsPerRequest.toFixed(2).padStart(5)}`,
    );
    if (bytesFloor && !sameMarkup.has(item)) cells.push(...markupFloors.map(() => " ".repeat(column("").length)));
    const floorCell = `${result.floorRequestsPerSecond.toFixed(0)}${result.floorFailures ? ` (${result.floorFailures} failed)` : ""}`;
    console.log(
      `${item.label.padEnd(40)} ${floorCell.padStart(11)} ${result.floorCpuMsPerRequest.toFixed(2).padStart(5)} ${whole(result.floorP95).padStart(7)}   ${cells.join("   ")}   ${item.target ?? ""}`,
    );
    if (sameMarkup.has(item)) {
      const copies = result.apps.slice(apps.length);
      for (const measured of result.apps.slice(0, apps.length)) {
        const against = copies.map(
          (copy) =>
            `${(measured.ratio / copy.ratio).toFixed(2)} of "${copy.app.name}"'s req/s, ${(measured.cpuMsPerRequest - copy.cpuMsPerRequest).toFixed(2)} ms more CPU a request`,
        );
        console.log(`  ${measured.app.name}: ${against.join("; ")}`);
      }
    }
    // Requests still open when a round ends are not counted: too few answers mean a page
    // slower than a round, or a machine too busy to measure anything.
    const few = result.apps.filter((measured) => measured.answered < MIN_ANSWERS * timing.rounds);
    if (few.length)
      console.log(`  ! ${few.map((measured) => measured.app.name).join(", ")}: under ${MIN_ANSWERS} answers a round; lengthen --seconds or quiet the machine`);
    // The server time of every case with --server-time, else of the cases that have a target for it.
    const timed = item.serverTimeOf ?? (args["server-time"] ? item.paths[0].split("?")[0] : null);
    if (timed) {
      for (const app of apps) {
        const times = await app.serverTimes(timed, () => load(app, item.paths, item.headers ?? {}, timing.seconds, 1));
        console.log(
          `  ${app.name}: server time, one request at a time (${times.length} requests): p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`,
        );
      }
    }
  }

  const peak = (label: string) =>
    console.log(
      `Peak memory ${label} (VmRSS, sampled every 250 ms; target < 200 MB): ${servers.map((server) => `${server.name} ${server.maxRssMb().toFixed(0)} MB`).join(", ")}`,
    );
  console.log();
  peak("through the page load");
  if (!onlyTexts || onlyTexts.some((text) => importLabel.includes(text))) {
    const imported = await measureImport(apps[0].url, importHeaders);
    console.log(`\n${importLabel}, median of 3: upload ${seconds(imported.upload)}, confirm ${seconds(imported.confirm)}, undo ${seconds(imported.undo)}`);
    peak("with the import");
  }
} finally {
  for (const server of servers) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
