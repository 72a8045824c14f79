import { type AppLoadContext, createReadableStreamFromReadable, createRequestHandler as createRemixHandler, type ServerBuild, writeReadableStreamToWritable } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * Where a page's bytes ride on its Response, for the server to write them as they are. A
 * registered symbol: entry.server.tsx (in Remix's build) and server.ts (compiled on its own)
 * each have their own copy of this module.
 */
const PAGE_BYTES = Symbol.for("chapter.pageBytes");

/** A page's Response, whose bytes `remixRequestHandler` writes out without reading the body back. */
export function pageResponse(page: Uint8Array<ArrayBuffer>, init: ResponseInit) {
  const response = new Response(page, init);
  Object.defineProperty(response, PAGE_BYTES, { value: page });
  return response;
}

type Options = { build: ServerBuild; mode?: string; getLoadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext };

/**
 * @remix-run/express's request handler, doing less per page (the adapter was ~9% of a loaded
 * server's busy time; this saves a few per cent of a page): the same Request (address, headers, body, abort on a closed
 * connection), and the same answer (status, headers through express), but a page's bytes are
 * written with one `end` — a Content-Length, no chunks — instead of being read back out of
 * the Response's stream a chunk at a time. Anything else (data requests, downloads, streams)
 * is streamed as before.
 */
export function remixRequestHandler({ build, mode = process.env.NODE_ENV, getLoadContext }: Options) {
  const handle = createRemixHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(remixRequest(req, res), getLoadContext(req, res));
      await sendResponse(res, response);
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

export async function sendResponse(res: ExpressResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  const page = (response as { [PAGE_BYTES]?: Uint8Array })[PAGE_BYTES];
  if (page) {
    res.end(Buffer.from(page.buffer, page.byteOffset, page.byteLength));
    return;
  }
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
