import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";

// `npm start` runs `npm run serve`: node with V8 heap flags (docs/performance.md, "Memory"). Node refuses to
// start on a flag it does not know ("bad option"), so a Node whose V8 dropped one would stop
// `npm start` on every install; the tests start the server otherwise, so this checks the flags.
test("the node flags of npm run serve are accepted by this node", () => {
  const { scripts } = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { scripts: Record<string, string> };
  const flags = /^node((?: --[\w-]+=\S+)*) build\/server\/server\.js$/.exec(scripts.serve)?.[1].trim().split(" ") ?? [];
  expect(flags).toEqual(expect.arrayContaining([expect.stringMatching(/^--max-semi-space-size=/), expect.stringMatching(/^--heap-growing-percent=/)]));
  const run = spawnSync(process.execPath, [...flags, "-e", "process.exit(0)"], { encoding: "utf8" });
  expect(run.stderr).toBe("");
  expect(run.status).toBe(0);
});
