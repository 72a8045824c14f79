import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";

// sharp, pg and nodemailer are loaded on first use (app/lib/on-first-use.server.ts), not with
// the server, which a server storing no image, sending no mail or running on SQLite never
// needs (7 MB less resident memory after start). A static `import sharp from "sharp"` anywhere in
// app/ would load them again with the build, so this imports the server build in a fresh
// node and lists the packages it loaded. It reads the build `npm test` has just made.
const LAZY = ["sharp", "pg", "nodemailer"];

function packagesLoadedByTheBuild() {
  const buildFile = path.resolve("build/index.js");
  if (!fs.existsSync(buildFile)) throw new Error("No build/index.js: run `npx remix build` first (npm test does).");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-lazy-"));
  try {
    const script = `
      import { createRequire } from "node:module";
      const cache = createRequire(${JSON.stringify(buildFile)}).cache;
      const loaded = () => ${JSON.stringify(LAZY)}.filter((name) => Object.keys(cache).some((file) => file.includes("/node_modules/" + name + "/")));
      await import(${JSON.stringify(buildFile)});
      console.log(JSON.stringify(loaded()));`;
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, UPLOADS_DIR: path.join(dataDir, "uploads") },
    });
    if (run.status !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout.trim().split("\n").pop()!) as string[];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test("the server build loads none of sharp, pg and nodemailer until they are used", () => {
  expect(packagesLoadedByTheBuild()).toEqual([]);
});

test("each one loads when first used", async () => {
  const { loadNodemailer, loadPg, loadSharp } = await import("~/lib/on-first-use.server");
  expect(typeof (await loadSharp())).toBe("function");
  expect(typeof (await loadPg()).Pool).toBe("function");
  expect(typeof (await loadNodemailer()).createTransport).toBe("function");
  expect(await loadSharp()).toBe(await loadSharp());
});
