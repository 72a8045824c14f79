import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The app's import graph, read from the source: every .ts/.tsx file under app/ with the app
 * files it imports (static, re-exported, type-only and dynamic imports alike; "~/" is app/).
 * Paths are relative to the project root, with forward slashes ("app/lib/db.server.ts").
 */
export type ImportGraph = Map<string, string[]>;

const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

export function sourceFiles(root: string, dir = "app"): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(root, relative);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [relative] : [];
  });
}

/** The app file a specifier names, or null for a package, a stylesheet or an asset. */
export function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = `app/${specifier.slice(2)}`;
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return null;
  if (/\.tsx?$/.test(base) && fs.existsSync(path.join(root, base))) return base;
  for (const extension of EXTENSIONS) {
    if (fs.existsSync(path.join(root, base + extension))) return base + extension;
  }
  return null;
}

export function importGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of sourceFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const { importedFiles } = ts.preProcessFile(text, true, true);
    const targets = importedFiles.map(({ fileName }) => resolveSpecifier(root, file, fileName)).filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Where a file sits in the layering. */
export type Layer = "routes" | "features" | "lib" | "ui" | "root" | "other";

export function layerOf(file: string): Layer {
  if (file === "app/root.tsx") return "root";
  const top = file.split("/")[1];
  if (top === "routes" || top === "features" || top === "lib" || top === "ui") return top;
  return "other";
}

/**
 * Which import of app/routes is allowed. Nothing imports a route module, with two exceptions:
 * - a SPEC.md §7 address (app/routes/spec/*) maps onto a product route's handler, so it may
 *   import a product route module, or a server module of its own (never another spec address);
 * - a route module may import a route-side server module (*.server.ts) of its own area folder.
 */
export function routeImportAllowed(from: string, to: string) {
  if (layerOf(from) !== "routes") return false;
  const fromArea = from.split("/")[2];
  const toArea = to.split("/")[2];
  if (fromArea === "spec") return toArea !== "spec" || /\.server\.tsx?$/.test(to);
  return fromArea === toArea && /\.server\.tsx?$/.test(to);
}

/** The imports that break "routes → features → lib; ui for routes and features". */
export function forbiddenImports(graph: ImportGraph): string[] {
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    const fromLayer = layerOf(from);
    for (const to of targets) {
      const toLayer = layerOf(to);
      if (toLayer === "routes" && !routeImportAllowed(from, to)) problems.push(`${from} → ${to}: nothing imports a route module`);
      if (toLayer === "root") problems.push(`${from} → ${to}: nothing imports the root route`);
      if (toLayer === "features" && fromLayer === "lib") problems.push(`${from} → ${to}: lib never imports features`);
      if (toLayer === "features" && fromLayer === "ui") problems.push(`${from} → ${to}: ui never imports features`);
      if (toLayer === "ui" && fromLayer === "lib") problems.push(`${from} → ${to}: lib never imports ui`);
    }
  }
  return problems;
}

/** Every import cycle, each printed once as a → b → … → a (Tarjan's strongly connected components). */
export function importCycles(graph: ImportGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let counter = 0;

  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = (graph.get(file) ?? []).includes(file);
      if (component.length > 1 || selfImport) components.push(component);
    }
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);

  return components.map((component) => cycleThrough(graph, new Set(component)).join(" → "));
}

/** One concrete loop inside a strongly connected component, found by walking back to its start. */
function cycleThrough(graph: ImportGraph, component: Set<string>): string[] {
  const start = [...component].sort()[0];
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const to of graph.get(file) ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = file; at !== start; at = previous.get(at)!) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, file);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

// A query is a kysely builder call, a sql`` template or a use of the db handle.
const QUERY = /\.\s*(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*(<[^`;]*?>)?\s*`|(?<![./\w])db\s*\.\s*\w/;
const TABLE = /\.\s*(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(\s*["'`]([a-z_]+)/g;

export function stripComments(text: string) {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

export function hasQuery(text: string) {
  return QUERY.test(stripComments(text));
}

/** The tables a file names in its kysely builder calls ("sessions", "payments" …). */
export function tablesQueried(text: string) {
  return [...new Set([...stripComments(text).matchAll(TABLE)].map((match) => match[1]))].sort();
}

/** Queries belong in features/<area>/*.server.ts. */
export function isQueryHome(file: string) {
  return /^app\/features\/[^/]+\/[^/]+\.server\.ts$/.test(file);
}
