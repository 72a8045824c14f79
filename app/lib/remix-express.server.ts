import {
  type AppLoadContext,
  createReadableStreamFromReadable,
  createRequestHandler as createRemixHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import zlib from "node:zlib";
import type { NextFunction, Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { acceptedEncodings } from "./precompressed.server";

/**
 * Where a page's bytes ride on its Response, for the server to write them as they are. A
 * registered symbol: entry.server.tsx (in Remix's build) and server.ts (compiled on its own)
 * each have their own copy of this module.
 */
const PAGE_BYTES = Symbol.for("chapter.pageBytes");

/** A page's Response, whose bytes `remixRequestHandler` writes out without reading the body back. */
export function pageResponse(page: Uint8Array<ArrayBuffer>, init: ResponseInit) {
  return new PageResponse(page, init);
}

/**
 * A Response whose body is made only when something reads it (a test, another adapter, Remix
 * re-wrapping it): `new Response(bytes)` copied the page and set up a stream over it (6% of a
 * profile of the contact list; 1–10% of a page's CPU measured in one process, the code before
 * against this) for a body the server never reads.
 */
class PageResponse extends Response {
  readonly [PAGE_BYTES]: Uint8Array<ArrayBuffer>;
  #read: Response | undefined;

  constructor(page: Uint8Array<ArrayBuffer>, init: ResponseInit) {
    super(null, init);
    this[PAGE_BYTES] = page;
  }

  readable() {
    return (this.#read ??= new Response(this[PAGE_BYTES], { status: this.status, statusText: this.statusText, headers: this.headers }));
  }

  wasRead() {
    return this.#read?.bodyUsed ?? false;
  }
}
// Response's own body and readers would see the empty body given to super(): each answers from
// the page instead. (Defined here, as Response's are, on the prototype: TypeScript knows `body`
// as a property, which a class may not redefine as an accessor.)
for (const reader of ["arrayBuffer", "blob", "bytes", "formData", "json", "text"] as const) {
  Object.defineProperty(PageResponse.prototype, reader, {
    value: function (this: PageResponse) {
      return this.readable()[reader]();
    },
  });
}
Object.defineProperties(PageResponse.prototype, {
  body: {
    get(this: PageResponse) {
      return this.readable().body;
    },
  },
  bodyUsed: {
    get(this: PageResponse) {
      return this.wasRead();
    },
  },
  clone: {
    value(this: PageResponse) {
      if (this.wasRead()) throw new TypeError("Response.clone: Body has already been consumed.");
      return new PageResponse(this[PAGE_BYTES], { status: this.status, statusText: this.statusText, headers: new Headers(this.headers) });
    },
  },
});

type Options = {
  build: ServerBuild;
  mode?: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext;
  /** The compression middleware, for every answer but a page or JSON (those: `sendResponse`). */
  compress?: RequestHandler;
};

/**
 * @remix-run/express's request handler, doing less per page (the adapter was ~9% of a loaded
 * server's busy time; this saves a few per cent of a page): the same Request (address, headers, body, abort on a closed
 * connection), and the same answer (status, headers through express), but a page's bytes are
 * written with one `end` — a Content-Length, no chunks — instead of being read back out of
 * the Response's stream a chunk at a time; so is JSON (data requests, the JSON routes), read
 * whole first. Anything else (downloads, streams) is streamed as before. With `compress` (the
 * compression middleware), answers are compressed for the browsers that take it: a page or
 * JSON whole and at once (sendResponse), the rest by the middleware.
 */
export function remixRequestHandler({ build, mode = process.env.NODE_ENV, getLoadContext, compress }: Options) {
  const handle = createRemixHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(remixRequest(req, res), getLoadContext(req, res));
      await sendResponse(res, response, compress && { req, compress });
    } catch (error) {
      next(error);
    }
  };
}

/** As @remix-run/express's createRemixRequest. */
export function remixRequest(req: ExpressRequest, res: ExpressResponse) {
  // req.hostname has no port: take it from X-Forwarded-Host or Host; req.hostname itself
  // follows the "trust proxy" setting.
  const forwardedPort = Number.parseInt(req.get("X-Forwarded-Host")?.split(":")[1] ?? "", 10);
  const hostPort = Number.parseInt(req.get("host")?.split(":")[1] ?? "", 10);
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : "";
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;

  const headers: [string, string][] = [];
  for (const name in req.headers) {
    const value = req.headers[name];
    if (!value) continue;
    if (Array.isArray(value)) for (const each of value) headers.push([name, each]);
    else headers.push([name, value]);
  }
  // Loaders and actions are aborted when the answer can no longer be written: the
  // connection closed before the answer finished.
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url, init);
}

const pageBytesOf = (response: Response) => (response as { [PAGE_BYTES]?: Uint8Array })[PAGE_BYTES];

/** The answer's bytes when it goes out whole: a page's, or JSON's or an iCalendar file's, read
 * from its body (`json()` and the calendar routes make it of one string: whole in memory
 * anyway). Every navigation of a member with JavaScript is a data request: through the
 * middleware, each set up a brotli stream of its own (with `br`, the member search's CPU a
 * request went from 3.84 to 3.40 ms in the same rounds). */
async function wholeBytesOf(response: Response) {
  const page = pageBytesOf(response);
  if (page) return Buffer.from(page.buffer, page.byteOffset, page.byteLength);
  if (response.body && /^(application\/json|text\/calendar)\b/i.test(response.headers.get("Content-Type") ?? ""))
    return Buffer.from(await response.arrayBuffer());
  return null;
}

/** Answers under this many bytes go out as they are (the compression middleware's threshold). */
const COMPRESSED_FROM = 1024;

type WholeEncoding = "br" | "gzip" | "deflate";

/**
 * A page (or JSON) compressed whole, at once: brotli at quality 4 or gzip (deflate) at level 6, as the
 * compression middleware does, but without its stream, which cost a loaded server ~100 µs of
 * a sign-in page (121 µs against 25–50 µs for the same encoding at once) and held a
 * compressor's memory for each of the pages in flight. Brotli's window is cut to the page (16
 * to 24 bits): the same bytes out for any page under 4 MB, less memory to set up. zlib's
 * threads were tried for large pages and cost more CPU than this (412 against 248 µs for the
 * contact list's 80 KB).
 */
function compressedWhole(page: Buffer, encoding: WholeEncoding) {
  if (encoding === "gzip") return zlib.gzipSync(page, { level: 6 });
  if (encoding === "deflate") return zlib.deflateSync(page, { level: 6 });
  const window = Math.min(24, Math.max(16, Math.ceil(Math.log2(page.length + 1))));
  return zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: window } });
}

/** The encoding a whole answer goes out in to `req`, as the compression middleware would choose
 * it: brotli, else gzip, else deflate, where the browser accepts it; none for HEAD, a small
 * answer, or one that must not be transformed. */
function wholeEncoding(req: ExpressRequest, res: ExpressResponse, bytes: Buffer): WholeEncoding | null {
  res.vary("Accept-Encoding");
  if (req.method === "HEAD" || bytes.length < COMPRESSED_FROM || /no-transform/i.test(String(res.getHeader("Cache-Control") ?? ""))) return null;
  const accepted = acceptedEncodings(req.headers["accept-encoding"]);
  return (["br", "gzip", "deflate"] as const).find((encoding) => accepted.has(encoding)) ?? null;
}

/** Writes Remix's answer to `res`. With `compressed`, for its request: a page, JSON or a calendar
 * compressed whole (wholeEncoding), anything else through the compression middleware. */
export async function sendResponse(res: ExpressResponse, response: Response, compressed?: { req: ExpressRequest; compress: RequestHandler }) {
  const bytes = await wholeBytesOf(response);
  if (compressed && !bytes) compressed.compress(compressed.req, res, () => {});
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (bytes) {
    const encoding = compressed ? wholeEncoding(compressed.req, res, bytes) : null;
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.end(encoding ? compressedWhole(bytes, encoding) : bytes);
    return;
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
