// The browser's scripts and stylesheets (public/build), compressed once by `npm run build` at
// brotli's and gzip's best, then served as they are: smaller than what the compression
// middleware makes per request (gzip at level 6), at no cost per request.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { RequestHandler } from "express";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSED_TYPES = /\.(js|css|json|svg|map)$/;

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

function filesUnder(dir: string) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Writes `name.br` and `name.gz` beside each text asset under `dir`. */
export async function compressAssets(dir: string) {
  const files = filesUnder(dir).filter((file) => COMPRESSED_TYPES.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.promises.readFile(file);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
        }),
        gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      await Promise.all([fs.promises.writeFile(`${file}.br`, br), fs.promises.writeFile(`${file}.gz`, gz)]);
    }),
  );
  return files.length;
}

/** The encodings an Accept-Encoding header accepts (q above 0). Browsers list gzip first and
 * accept brotli alike; the smaller one is ours to choose. */
export function acceptedEncodings(header: string | undefined) {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const quality = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (quality === undefined || Number(quality) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Serves the compressed copy of an asset under `dir` that the browser accepts (brotli first),
 * leaving the rest to the static files handler after it. The copies present are read once, at
 * start (a build replaces them, and a build means a restart); without them (a plain
 * `remix build`) every asset goes on to be compressed per request.
 */
export function precompressedAssets(dir: string): RequestHandler {
  const present = new Set(filesUnder(dir).map((file) => `/${path.relative(dir, file).split(path.sep).join("/")}`));
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !COMPRESSED_TYPES.test(req.path)) return next();
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const encoding = ENCODINGS.find((candidate) => accepted.has(candidate.name) && present.has(req.path + candidate.suffix));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    // The original's type: the static handler leaves a Content-Type already set alone.
    res.type(path.extname(req.path));
    res.setHeader("Content-Encoding", encoding.name);
    req.url = req.url.replace(req.path, () => req.path + encoding.suffix);
    next();
  };
}
