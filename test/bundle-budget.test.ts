import fs from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import budgets from "./bundle-budgets.json";
import { kb, readClientBuild } from "./bundle-sizes";

// Reads the build `npm test` has just made (`remix build` runs first); it never builds itself.

function newestSourceChange(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSourceChange(file) : fs.statSync(file).mtimeMs);
  }
  return newest;
}

function build() {
  const metafile = path.resolve("build", "metafile.js.json");
  if (!fs.existsSync(metafile)) throw new Error("No build/metafile.js.json: run `npx remix build` first (npm test does).");
  // A build older than the code would check yesterday's bundles and pass for the wrong reason.
  if (newestSourceChange(path.resolve("app")) > fs.statSync(metafile).mtimeMs) {
    throw new Error("app/ changed after the last build: run `npx remix build` first (npm test does).");
  }
  return readClientBuild();
}

test("zod, conform's zod adapter and *.server modules (their empty stand-ins too) stay out of every client chunk", () => {
  const { routes, leaks } = build();
  const loadedBy = (output: string) => routes.filter((route) => route.chunks.includes(output)).map((route) => route.id);
  const byChunk = new Map<string, string[]>();
  for (const leak of leaks) {
    const key = `${leak.kind} in ${leak.output}`;
    byChunk.set(key, [...(byChunk.get(key) ?? []), leak.source]);
  }
  const found = [...byChunk].map(
    ([where, sources]) =>
      `${where} (${sources.length} files, e.g. ${sources[0]}), loaded by ${loadedBy(where.split(" in ")[1]).join(", ") || "no route directly"}`,
  );
  expect(found.join("\n")).toBe("");
});

test("each route's own JavaScript stays within its budget (test/bundle-budgets.json)", () => {
  const { shared, routes } = build();
  const table: Record<string, number> = budgets.routes;
  const over = routes
    .map((route) => ({ ...route, budget: (table[route.id] ?? budgets.default) * 1024 }))
    .filter((route) => route.gzip > route.budget)
    .map((route) => `${route.id}: ${kb(route.gzip)} gzip, budget ${kb(route.budget)} (${route.chunks.join(", ")})`);

  const largest = routes.slice(0, 5).map((route) => `${route.id} ${kb(route.gzip)}`);
  console.log(`Client JS (gzip): shared runtime ${kb(shared.gzip)}; largest routes: ${largest.join(", ")}. All routes: npx tsx scripts/bundle-sizes.ts`);
  const gone = Object.keys(table).filter((id) => !routes.some((route) => route.id === id));
  if (gone.length) console.warn(`test/bundle-budgets.json lists routes the build no longer has: ${gone.join(", ")}`);

  expect(over.join("\n")).toBe("");
});

test("the small modules many pages share come in one chunk (app/shared-chunk.ts), so a member page fetches few files", () => {
  const { shared, routes } = build();
  const metafile = JSON.parse(fs.readFileSync(path.resolve("build", "metafile.js.json"), "utf8")) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const named = [...fs.readFileSync(path.resolve("app", "shared-chunk.ts"), "utf8").matchAll(/from "\.\/([^"]+)"/g)].map(([, module]) => {
    const file = [".ts", ".tsx"].map((extension) => `app/${module}${extension}`).find((candidate) => fs.existsSync(candidate));
    if (!file) throw new Error(`app/shared-chunk.ts names ${module}, which is not there`);
    return file;
  });
  expect(named.length).toBeGreaterThan(10);
  const holders = new Set(named.flatMap((file) => Object.keys(metafile.outputs).filter((output) => file in metafile.outputs[output].inputs)));
  // One chunk holds them all (without the patch each set of routes sharing one gets its own), loaded with root.
  expect([...holders]).toHaveLength(1);
  expect(shared.chunks).toContain([...holders][0]);

  const own = (id: string) => routes.find((route) => route.id === id)!.chunks;
  const homeFiles = new Set([...shared.chunks, ...own("routes/user"), ...own("routes/user._index")]);
  expect(homeFiles.size).toBeLessThanOrEqual(14); // 28 before the shared chunk
});
