// npx tsx test/bench/profile-summary.ts FILE.cpuprofile [--top N] [--match TEXT]
// A V8 CPU profile (node --cpu-prof) summarised: the functions with the most self time, and
// the most inclusive time (each function counted once per sample, however deep it recurses),
// as shares of the samples; --match keeps the functions whose name or file contains TEXT.
import fs from "node:fs";
import { parseArgs } from "node:util";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[] };

const { values: args, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "30" }, match: { type: "string" } } });
const profile = JSON.parse(fs.readFileSync(positionals[0], "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const name = (node: Node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url
    .replace(/^file:\/\//, "")
    .replace(/.*node_modules\//, "~/")
    .replace(/.*\/h-[^/]+\//, "");
  return `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
};
const self = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const sample of profile.samples) {
  const leaf = byId.get(sample)!;
  self.set(name(leaf), (self.get(name(leaf)) ?? 0) + 1);
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
    const key = name(byId.get(id)!);
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
  }
}
const total = profile.samples.length;
const show = (title: string, table: Map<string, number>) => {
  console.log(`\n${title} (${total} samples)`);
  [...table]
    .filter(([key]) => !args.match || key.includes(args.match))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(args.top))
    .forEach(([key, count]) => console.log(`${((count / total) * 100).toFixed(1).padStart(5)}%  ${key}`));
};
show("self", self);
show("inclusive", inclusive);
