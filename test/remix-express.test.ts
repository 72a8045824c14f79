import nodeHttp from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
// Not exported from the package's entry, but its own functions: ours must answer as they do.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import compression from "compression";
import express from "express";
import { http, passthrough } from "msw";
import { afterAll, beforeAll, beforeEach, expect, test } from "vitest";
import { pageResponse, remixRequest, sendResponse } from "~/lib/remix-express.server";
import { server as msw } from "./mocks";

// Each answer is made twice, fresh, so both adapters get their own Response.
const answers: Record<string, () => Response> = {
  page: () =>
    pageResponse(new TextEncoder().encode(`<!DOCTYPE html><p>Zoë 東京 🎉 ${"x".repeat(5000)}</p>`), {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
    }),
  "big-page": () =>
    pageResponse(new TextEncoder().encode(`<!DOCTYPE html><ul>${"<li>Zoë 東京 🎉</li>".repeat(4000)}</ul>`), {
      status: 200,
      headers: { "Content-Type": "text/html; charset=utf-8" },
    }),
  "page-not-found": () =>
    pageResponse(new TextEncoder().encode("<!DOCTYPE html><h1>Not found</h1>"), { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } }),
  json: () => Response.json({ contacts: [1, 2, 3] }, { headers: { "X-Remix-Response": "yes" } }),
  "large-json": () => Response.json({ contacts: Array.from({ length: 300 }, (_, id) => ({ id, name: "Zoë 東京" })) }),
  redirect: () =>
    new Response(null, {
      status: 302,
      headers: [
        ["Location", "/user"],
        ["Set-Cookie", "a=1; Path=/; HttpOnly"],
        ["Set-Cookie", "b=2; Path=/"],
      ],
    }),
  empty: () => new Response(null, { status: 204, statusText: "Nothing here" }),
  calendar: () => new Response("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", { headers: { "Content-Type": "text/calendar" } }),
  "large-calendar": () =>
    new Response(`BEGIN:VCALENDAR\r\n${"BEGIN:VEVENT\r\nSUMMARY:Zoë 東京 🎉\r\nEND:VEVENT\r\n".repeat(200)}END:VCALENDAR\r\n`, {
      headers: { "Content-Type": "text/calendar; charset=utf-8" },
    }),
  streamed: () =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const part of ["one,", "two,", "three"]) controller.enqueue(new TextEncoder().encode(part));
          controller.close();
        },
      }),
      { headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="contacts.csv"' } },
    ),
};

const seen: { ours?: Request; theirs?: Request; oursText?: string; theirsText?: string } = {};
let base = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  const compress = compression();
  app.use("/ours/:answer", (req, res, next) => sendResponse(res, answers[req.params.answer]()).catch(next));
  app.use("/theirs/:answer", (req, res, next) => sendRemixResponse(res, answers[req.params.answer]()).catch(next));
  app.use("/ours-compressed/:answer", (req, res, next) => sendResponse(res, answers[req.params.answer](), { req, compress }).catch(next));
  // How pages were compressed before: the middleware in front of every answer.
  app.use("/middleware-compressed/:answer", compression(), (req, res, next) => sendResponse(res, answers[req.params.answer]()).catch(next));
  app.use("/request", async (req, res) => {
    seen.ours = remixRequest(req, res);
    seen.theirs = createRemixRequest(req, res);
    // Both read the same body: read it once, through ours, and hand a copy to theirs' check.
    if (req.method === "POST") seen.oursText = await seen.ours.text();
    res.end("ok");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());
// These requests go to the servers started here, not to a mocked service.
beforeEach(() => msw.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())));

const headersOf = (response: Response) =>
  [...response.headers.entries()].filter(([name]) => !["date", "content-length", "transfer-encoding", "connection", "keep-alive"].includes(name));

test.each(Object.keys(answers))("answers %s as @remix-run/express does", async (name) => {
  for (const method of ["GET", "HEAD"]) {
    const ours = await fetch(`${base}/ours/${name}`, { method, redirect: "manual" });
    const theirs = await fetch(`${base}/theirs/${name}`, { method, redirect: "manual" });
    expect([ours.status, ours.statusText]).toEqual([theirs.status, theirs.statusText]);
    expect(headersOf(ours)).toEqual(headersOf(theirs));
    expect(ours.headers.getSetCookie()).toEqual(theirs.headers.getSetCookie());
    expect(Buffer.from(await ours.arrayBuffer())).toEqual(Buffer.from(await theirs.arrayBuffer()));
  }
});

/** GET or HEAD over node:http, so that the body arrives as the server encoded it. */
function rawRequest(url: string, method: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: nodeHttp.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    nodeHttp
      .request(url, { method, headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {} }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject)
      .end();
  });
}

const decoders: Record<string, (bytes: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync, deflate: zlib.inflateSync };
const decoded = ({ headers, body }: { headers: nodeHttp.IncomingHttpHeaders; body: Buffer }) =>
  headers["content-encoding"] ? decoders[headers["content-encoding"]](body) : body;

test.each(["gzip, deflate, br, zstd", "br", "gzip", "deflate", "identity", ""])(
  "with Accept-Encoding %j, a page, JSON or a calendar is encoded as the compression middleware encodes it, and whole",
  async (accept) => {
    for (const name of ["page", "big-page", "page-not-found", "json", "large-json", "calendar", "large-calendar"]) {
      for (const method of ["GET", "HEAD"]) {
        const ours = await rawRequest(`${base}/ours-compressed/${name}`, method, accept);
        const theirs = await rawRequest(`${base}/middleware-compressed/${name}`, method, accept);
        expect(ours.status).toBe(theirs.status);
        for (const header of ["content-encoding", "vary", "content-type", "cache-control"])
          expect([name, method, header, ours.headers[header]]).toEqual([name, method, header, theirs.headers[header]]);
        expect(decoded(ours)).toEqual(decoded(theirs));
        // A page, JSON or a calendar goes out whole: with its length, not in chunks.
        if (method === "GET") {
          expect(ours.headers["transfer-encoding"]).toBeUndefined();
          expect(ours.headers["content-length"]).toBe(String(ours.body.length));
        }
      }
    }
    // Where the browser takes an encoding, the large page, data and calendar are all in it.
    const expected = /br|gzip|deflate/.test(accept) ? (accept === "deflate" ? "deflate" : accept === "gzip" ? "gzip" : "br") : undefined;
    for (const name of ["big-page", "large-json", "large-calendar"])
      expect((await rawRequest(`${base}/ours-compressed/${name}`, "GET", accept)).headers["content-encoding"]).toBe(expected);
  },
);

test("a page's bytes go out whole, with their length, not in chunks", async () => {
  const response = await fetch(`${base}/ours/page`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(response.headers.get("content-length")).toBe(String(bytes.length));
  expect(response.headers.get("transfer-encoding")).toBeNull();
  expect(new TextDecoder("utf-8", { fatal: true }).decode(bytes)).toContain("Zoë 東京 🎉");
});

test("a page's Response reads as its bytes, though the server never makes its body", async () => {
  const html = "<!DOCTYPE html><p>Zoë 東京 🎉</p>";
  const page = () => pageResponse(new TextEncoder().encode(html), { status: 201, headers: { "Content-Type": "text/html; charset=utf-8" } });
  const response = page();
  expect([response.status, response.headers.get("Content-Type"), response.bodyUsed]).toEqual([201, "text/html; charset=utf-8", false]);
  const copy = response.clone();
  expect(await response.text()).toBe(html);
  expect(response.bodyUsed).toBe(true);
  expect(() => response.clone()).toThrow(TypeError);
  expect(new TextDecoder().decode(await copy.arrayBuffer())).toBe(html);
  expect(await (await page().blob()).text()).toBe(html);
  // As Remix re-wraps an answer to set a header on it.
  const rewrapped = page();
  expect(await new Response(rewrapped.body, { status: rewrapped.status, headers: rewrapped.headers }).text()).toBe(html);
});

test("the request Remix gets is the one @remix-run/express made", async () => {
  await fetch(`${base}/request/path?q=a%20b&page=2`, {
    headers: { "X-Forwarded-Host": "club.example:8443", Cookie: "session=abc", Accept: "text/html", "X-Custom": "1" },
  });
  expect(seen.ours!.url).toBe(seen.theirs!.url);
  expect(seen.ours!.url).toBe("http://127.0.0.1:8443/request/path?q=a%20b&page=2");
  expect(seen.ours!.method).toBe("GET");
  expect([...seen.ours!.headers.entries()]).toEqual([...seen.theirs!.headers.entries()]);
  expect(seen.ours!.headers.get("cookie")).toBe("session=abc");

  await fetch(`${base}/request/form`, { method: "POST", body: new URLSearchParams({ name: "Zoë", csrf: "t" }) });
  expect(seen.ours!.method).toBe("POST");
  expect([...seen.ours!.headers.entries()]).toEqual([...seen.theirs!.headers.entries()]);
  expect(seen.oursText).toBe("name=Zo%C3%AB&csrf=t");
});

test("loaders are aborted when the connection closes before the answer, and not after it", async () => {
  const app = express();
  const signals: AbortSignal[] = [];
  app.use("/slow", (req, res) => {
    signals.push(remixRequest(req, res).signal);
  });
  app.use("/fast", (req, res) => {
    signals.push(remixRequest(req, res).signal);
    res.end("done");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await fetch(`${at}/fast`).then((response) => response.text());
  const gone = new AbortController();
  const slow = fetch(`${at}/slow`, { signal: gone.signal }).catch(() => null);
  while (signals.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
  gone.abort();
  await slow;
  for (let tries = 0; !signals[1].aborted && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(signals[0].aborted).toBe(false);
  expect(signals[1].aborted).toBe(true);
  server.closeAllConnections();
  server.close();
});
