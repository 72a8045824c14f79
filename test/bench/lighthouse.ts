// npm run lighthouse [-- --runs N] [--only PAGE|PAGE…] [--scripts (each script a page loads)]: Lighthouse (mobile preset, simulated throttling) with
// Debian's Chromium on every area's main page of a fresh install with the demo data, served as `npm start`
// serves it; the member pages signed in as the first demo member (a Cookie header). Prints
// performance, accessibility and best-practices scores and each page's JavaScript transfer size.
// Lighthouse is installed on first use into .lighthouse/ (git-ignored), not into the project's
// dependencies: it is big, and its newer versions want Node 22.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { demoInstall } from "./demo-install.ts";
import { freePort, startChapter } from "./servers.ts";

const VERSION = "12.8.2";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = "--headless --no-sandbox --disable-gpu --disable-background-networking";
/** Every area's main page (the first demo member is the install's admin). */
const PAGES = [
  { name: "sign-in", path: "/signin", signedIn: false },
  { name: "home", path: "/user", signedIn: true },
  { name: "contacts", path: "/user/contacts", signedIn: true },
  { name: "timeline", path: "/user/timeline", signedIn: true },
  { name: "events", path: "/user/events", signedIn: true },
  { name: "offers", path: "/user/offers", signedIn: true },
  { name: "tickets", path: "/user/tickets", signedIn: true },
  { name: "membership", path: "/user/membership", signedIn: true },
  { name: "directory", path: "/user/members", signedIn: true },
  { name: "friends", path: "/user/friends", signedIn: true },
  { name: "chat", path: "/user/chat", signedIn: true },
  { name: "notifications", path: "/user/notifications", signedIn: true },
  { name: "referrals", path: "/user/referrals", signedIn: true },
  { name: "report", path: "/user/referrals/report", signedIn: true },
  { name: "calendar", path: "/user/calendar", signedIn: true },
  { name: "journal", path: "/user/journal", signedIn: true },
  { name: "wish-list", path: "/user/wish-list", signedIn: true },
  { name: "big-tasks", path: "/user/big-tasks", signedIn: true },
  { name: "businesses", path: "/user/businesses", signedIn: true },
  { name: "net-worth", path: "/user/net-worth", signedIn: true },
  { name: "trainings", path: "/user/trainings", signedIn: true },
  { name: "entrepreneurs", path: "/user/entrepreneurs", signedIn: true },
  { name: "investors", path: "/user/investors", signedIn: true },
  { name: "settings", path: "/user/settings/profile", signedIn: true },
  { name: "admin", path: "/user/admin", signedIn: true },
];

const ROOT = path.resolve(import.meta.dirname, "../..");
/** The last report of each page, for a closer look. */
const REPORTS = path.join(ROOT, "test/.tmp/lighthouse");
const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "1" }, scripts: { type: "boolean", default: false }, only: { type: "string" } },
});

function lighthouseCli() {
  const folder = path.join(ROOT, ".lighthouse");
  const cli = path.join(folder, "node_modules/lighthouse/cli/index.js");
  const installed = path.join(folder, "node_modules/lighthouse/package.json");
  if (!fs.existsSync(installed) || JSON.parse(fs.readFileSync(installed, "utf8")).version !== VERSION) {
    console.log(`Installing lighthouse ${VERSION} into .lighthouse/ …`);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, "package.json"), JSON.stringify({ private: true }));
    execFileSync("npm", ["install", "--save-exact", "--no-audit", "--no-fund", `lighthouse@${VERSION}`], { cwd: folder, stdio: "inherit" });
  }
  return cli;
}

type Report = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { details?: { items?: { resourceType?: string; transferSize?: number; url?: string }[] } }>;
  runtimeError?: { message: string };
};

// Lighthouse sometimes loses the trace of a load with this Chromium ("NO_NAVSTART … Please run
// Lighthouse again"): such a run is repeated, and counted.
const TRACE_RETRIES = 2;
let retried = 0;

function audit(cli: string, url: string, headers: Record<string, string>, tries = 0): ReturnType<typeof scoresOf> {
  const run = spawnSync(
    process.execPath,
    [
      cli,
      url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      "--only-categories=performance,accessibility,best-practices",
      `--chrome-flags=${CHROME_FLAGS}`,
      `--extra-headers=${JSON.stringify(headers)}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (/NO_NAVSTART/.test(run.stderr) && tries < TRACE_RETRIES) {
    retried += 1;
    return audit(cli, url, headers, tries + 1);
  }
  if (run.status !== 0) throw new Error(`lighthouse ${url} failed:\n${run.stderr}`);
  return scoresOf(url, run.stdout);
}

function scoresOf(url: string, output: string) {
  const report = JSON.parse(output) as Report;
  fs.mkdirSync(REPORTS, { recursive: true });
  fs.writeFileSync(path.join(REPORTS, `${new URL(url).pathname.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "index"}.json`), output);
  if (report.runtimeError) throw new Error(`lighthouse ${url}: ${report.runtimeError.message}`);
  const score = (category: string) => Math.round((report.categories[category].score ?? 0) * 100);
  const script = report.audits["resource-summary"].details?.items?.find((item) => item.resourceType === "script");
  const scripts = (report.audits["network-requests"].details?.items ?? [])
    .filter((item) => item.resourceType === "Script")
    .map((item) => ({ url: new URL(item.url ?? "").pathname, kb: (item.transferSize ?? 0) / 1024 }));
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    scriptKb: (script?.transferSize ?? 0) / 1024,
    scripts,
  };
}

const cli = lighthouseCli();

const { dataDir, cookie } = await demoInstall("lighthouse");

const server = await startChapter("Chapter", await freePort(), { cwd: ROOT, dataDir });
try {
  console.log(`Lighthouse ${VERSION}, mobile, ${CHROMIUM}; ${args.runs} run(s) a page; script = JavaScript transferred (gzip)`);
  console.log(`${"page".padEnd(14)} ${"performance".padStart(11)} ${"accessibility".padStart(13)} ${"best practices".padStart(14)} ${"script".padStart(9)}`);
  for (const page of PAGES.filter((item) => !args.only || args.only.split("|").includes(item.name))) {
    for (let run = 0; run < Number(args.runs); run++) {
      const result = audit(cli, server.url + page.path, page.signedIn ? { Cookie: cookie } : {});
      console.log(
        `${page.name.padEnd(14)} ${String(result.performance).padStart(11)} ${String(result.accessibility).padStart(13)} ${String(result.bestPractices).padStart(14)} ${`${result.scriptKb.toFixed(1)} KB`.padStart(9)}`,
      );
      if (args.scripts) for (const script of result.scripts) console.log(`${" ".repeat(16)}${`${script.kb.toFixed(1)} KB`.padStart(9)}  ${script.url}`);
    }
  }
  if (retried) console.log(`(${retried} run(s) repeated after Lighthouse lost the trace: NO_NAVSTART)`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
