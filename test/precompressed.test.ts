import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { compressAssets, precompressedAssets } from "~/lib/precompressed.server";

// The build's brotli and gzip copies of the browser's assets, and how /build serves them.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-precompressed-"));
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, n) => `word ${n}`))};\n`;
let server: http.Server;
let base: string;

function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, "routes"));
  fs.writeFileSync(path.join(dir, "routes", "user.contacts.$contactId-AB12.js"), script);
  fs.writeFileSync(path.join(dir, "app.css"), "body { color: black; }\n".repeat(50));
  fs.writeFileSync(path.join(dir, "photo.png"), Buffer.from([137, 80, 78, 71]));
  expect(await compressAssets(dir)).toBe(2);
  const app = express();
  app.use("/build", precompressedAssets(dir), express.static(dir));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("precompressed assets", () => {
  test("the build writes a brotli and a gzip copy of scripts and stylesheets only", () => {
    const file = path.join(dir, "routes", "user.contacts.$contactId-AB12.js");
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(script);
    expect(fs.existsSync(path.join(dir, "photo.png.br"))).toBe(false);
  });

  test("a browser that takes brotli gets the brotli copy, whatever order it lists encodings in", async () => {
    const response = await get("/build/routes/user.contacts.$contactId-AB12.js", { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/^application\/javascript/);
    expect(response.headers.vary).toContain("Accept-Encoding");
    expect(zlib.brotliDecompressSync(response.body).toString()).toBe(script);
    expect(response.body.length).toBeLessThan(fs.statSync(path.join(dir, "routes", "user.contacts.$contactId-AB12.js.gz")).size);
  });

  test("gzip when brotli is refused, the file itself when neither is taken", async () => {
    const gzip = await get("/build/app.css", { "Accept-Encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["content-type"]).toMatch(/^text\/css/);
    expect(zlib.gunzipSync(gzip.body).toString()).toContain("color: black");
    const plain = await get("/build/app.css", { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toContain("color: black");
  });

  test("other files and missing ones are left to what follows", async () => {
    const image = await get("/build/photo.png", { "Accept-Encoding": "br" });
    expect(image.status).toBe(200);
    expect(image.headers["content-encoding"]).toBeUndefined();
    const missing = await get("/build/nothing.js", { "Accept-Encoding": "br" });
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
  });
});
