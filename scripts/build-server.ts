// `npm run build`'s second half: server.ts and the migrations compiled to plain JavaScript in
// build/server/ (server.js, migrations/*.js), so that `npm start` runs them with node alone.
// Run through tsx, the server loaded Remix's 1 MB build/index.js through tsx's module hooks,
// which hold ~170 MB more in the process for as long as it runs (docs/performance.md).
// Packages stay outside the bundle (node_modules as installed); only the project's own code is
// compiled. esbuild is the one @remix-run/dev builds the app with. Then the browser's assets
// (public/build, just written by remix build) get their brotli and gzip copies
// (app/lib/precompressed.server.ts).
import fs from "node:fs";
import path from "node:path";
import { build, type BuildOptions } from "esbuild";
import { compressAssets } from "../app/lib/precompressed.server.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "build/server");

const shared: BuildOptions = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // The app's "~/…" imports (tsconfig paths): the project's own code, compiled in.
  alias: { "~": path.join(ROOT, "app") },
  logLevel: "warning",
};

fs.rmSync(OUT, { recursive: true, force: true });
const migrations = fs
  .readdirSync(path.join(ROOT, "migrations"))
  .filter((file) => /^\d{12}_[\w-]+\.ts$/.test(file))
  .map((file) => path.join(ROOT, "migrations", file));
await Promise.all([
  build({ ...shared, entryPoints: [path.join(ROOT, "server.ts")], outfile: path.join(OUT, "server.js") }),
  build({ ...shared, entryPoints: migrations, outdir: path.join(OUT, "migrations") }),
]);
await compressAssets(path.join(ROOT, "public/build"));
