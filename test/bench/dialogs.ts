// npm run bench:dialogs [-- --runs N] [--latency MS] [--requests]: how long a member waits from
// tapping a button that opens a dialog to the dialog's first field, in Debian's Chromium at
// 390 px (touch), on a fresh install with the demo data, signed in as the first demo member.
// Each round trip is slowed by --latency ms (DevTools network emulation; 150 by default, 0 for
// none). Prints the median of the runs for each dialog and the server's own time for the
// requests the tap made; --requests lists those requests, to see which wait on which.
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { demoInstall } from "./demo-install.ts";
import { freePort, startChapter } from "./servers.ts";

const DIALOGS = [
  { name: "Add a contact", page: "/user/contacts", opener: "a.button:text-is('Add a contact')", field: "dialog input[name=name]" },
  { name: "Add task", page: "/user/calendar", opener: "a:text-is('Add task')", field: "dialog input:not([type=hidden])" },
  { name: "Write a post", page: "/user/timeline", opener: "a:text-is('Write a post')", field: "dialog textarea" },
];

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values: args } = parseArgs({
  options: { runs: { type: "string", default: "3" }, latency: { type: "string", default: "150" }, requests: { type: "boolean", default: false } },
});
const RUNS = Number(args.runs);
const LATENCY = Number(args.latency);

const { dataDir, cookie } = await demoInstall("dialogs");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startChapter("Chapter", await freePort(), { cwd: ROOT, dataDir });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  console.log(`Tap to the dialog's first field, Chromium at 390 px, ${LATENCY} ms a round trip, median of ${RUNS}`);
  for (const dialog of DIALOGS) {
    const waits: number[] = [];
    const serverMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      // A new context each run: nothing cached from the run before but what the page itself loaded.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, baseURL: server.url });
      await context.addCookies(cookie.split("; ").map((pair) => ({ name: pair.split("=")[0], value: pair.slice(pair.indexOf("=") + 1), url: server.url })));
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: LATENCY, downloadThroughput: -1, uploadThroughput: -1 });
      await page.goto(dialog.page, { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      // In the page: the time of the first touch, and of the first frame the field is in.
      // A string, not a function: tsx's names for functions (__name) do not exist in the page.
      await page.evaluate(`(() => {
        const marks = (window.__dialogMarks = {});
        addEventListener("pointerdown", () => (marks.tap ??= performance.now()), { capture: true, once: true });
        const watch = () => {
          const element = document.querySelector(${JSON.stringify(dialog.field)});
          if (element && element.offsetParent !== null) marks.shown = performance.now();
          else requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      })()`);
      const requests: string[] = [];
      const onRequest = (request: { url: () => string }) => requests.push(new URL(request.url()).pathname + new URL(request.url()).search);
      page.on("request", onRequest);
      const times = await server.serverTimes("/", async () => {
        await page.locator(dialog.opener).first().tap();
        await page.locator(dialog.field).first().waitFor({ state: "visible", timeout: 15_000 });
        await page.waitForFunction("window.__dialogMarks.shown !== undefined");
      });
      page.off("request", onRequest);
      const marks = (await page.evaluate("window.__dialogMarks")) as { tap: number; shown: number };
      waits.push(marks.shown - marks.tap);
      serverMs.push(times.reduce((sum, time) => sum + time, 0));
      if (args.requests) console.log(`  ${dialog.name} run ${run + 1}: ${Math.round(marks.shown - marks.tap)} ms; ${requests.join(", ") || "no request"}`);
      await context.close();
    }
    console.log(
      `${dialog.name.padEnd(14)} ${`${Math.round(median(waits))} ms`.padStart(8)}   server ${median(serverMs).toFixed(1)} ms   runs ${waits.map(Math.round).join(", ")}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
