import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/**
 * What the browser loads, read from the last `remix build`: the client manifest
 * (public/build/manifest-*.js) says which module each route is, and esbuild's metafile
 * (build/metafile.js.json, written by Remix on every build) says which chunks each output
 * imports and which source files went into it.
 *
 * A route's own JavaScript is its module plus every chunk it imports (statically, at any
 * depth) that the shared runtime does not: the shared runtime is entry.client, root and
 * what they import, loaded on every page anyway. Sizes are gzip (level 6, as the server's
 * compression middleware sends them), each file compressed on its own as it is fetched.
 */

export type RouteJs = { id: string; gzip: number; chunks: string[] };

/** Source files that must never reach the browser, by their path in the metafile. */
const forbiddenSources: { name: string; test: (input: string) => boolean }[] = [
  { name: "zod", test: (input) => /(^|\/)node_modules\/zod\//.test(input) },
  { name: "@conform-to/zod", test: (input) => /(^|\/)node_modules\/@conform-to\/zod\//.test(input) },
  // Remix swaps a *.server import for an "empty-module:" stub in the browser; only the real file is a leak.
  { name: "*.server module", test: (input) => !input.startsWith("empty-module:") && /\.server(\.[cm]?[jt]sx?)?$|\.server\//.test(input) },
  // The stubs have no side effects (patches/@remix-run+dev+2.17.5.patch), so the build drops them
  // unless browser code reads something from one: a value that is undefined in the browser.
  { name: "*.server stub read by browser code", test: (input) => input.startsWith("empty-module:") && /\.server(\.[cm]?[jt]sx?)?$|\.server\//.test(input) },
];

type Metafile = {
  outputs: Record<string, { imports: { path: string; kind: string }[]; inputs?: Record<string, unknown>; entryPoint?: string }>;
};

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; module: string; imports?: string[] }>;
};

export function readClientBuild(root = process.cwd()) {
  const publicBuild = path.join(root, "public", "build");
  const manifestFile = fs.readdirSync(publicBuild).find((file) => /^manifest-.*\.js$/.test(file));
  if (!manifestFile) throw new Error("No client manifest in public/build: run `remix build` first");
  const manifestText = fs.readFileSync(path.join(publicBuild, manifestFile), "utf8");
  const manifest = JSON.parse(manifestText.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, "")) as Manifest;
  const metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8")) as Metafile;

  // "/build/x.js" in the manifest is "public/build/x.js" in the metafile.
  const output = (url: string) => `public${url}`;
  for (const route of Object.values(manifest.routes)) {
    if (!metafile.outputs[output(route.module)]) {
      throw new Error(`${route.module} is not in build/metafile.js.json: the metafile and public/build come from different builds`);
    }
  }

  const sizes = new Map<string, number>();
  const gzipOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSync(fs.readFileSync(path.join(root, file))).length;
      sizes.set(file, size);
    }
    return size;
  };

  const isJs = (file: string) => file.endsWith(".js");
  const closure = (start: string) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file) || !isJs(file)) return;
      seen.add(file);
      for (const imported of metafile.outputs[file]?.imports ?? []) {
        if (imported.kind === "import-statement") visit(imported.path);
      }
    };
    visit(start);
    return seen;
  };

  const shared = new Set([...closure(output(manifest.entry.module)), ...closure(output(manifest.routes.root.module))]);
  const sharedGzip = [...shared].reduce((sum, file) => sum + gzipOf(file), 0);

  const routes: RouteJs[] = Object.values(manifest.routes)
    .filter((route) => route.id !== "root")
    .map((route) => {
      const chunks = [...closure(output(route.module))].filter((file) => !shared.has(file));
      return { id: route.id, gzip: chunks.reduce((sum, file) => sum + gzipOf(file), 0), chunks };
    })
    .sort((a, b) => b.gzip - a.gzip || a.id.localeCompare(b.id));

  /** Every client output (lazy chunks too) holding a forbidden source file. */
  const leaks: { output: string; source: string; kind: string }[] = [];
  for (const [file, out] of Object.entries(metafile.outputs)) {
    for (const input of Object.keys(out.inputs ?? {})) {
      const forbidden = forbiddenSources.find((source) => source.test(input));
      if (forbidden) leaks.push({ output: file, source: input, kind: forbidden.name });
    }
  }

  return { shared: { gzip: sharedGzip, chunks: [...shared] }, routes, leaks };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function formatRouteTable(build: ReturnType<typeof readClientBuild>) {
  const lines = [`shared runtime (entry.client, root and their chunks): ${kb(build.shared.gzip)} gzip`, "route's own JS (gzip)  route"];
  for (const route of build.routes) lines.push(`${kb(route.gzip).padStart(20)}  ${route.id}`);
  return lines.join("\n");
}
