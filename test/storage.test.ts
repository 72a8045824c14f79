import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { S3Storage } from "~/lib/s3-storage.server";
import { type FileStorage, LocalDiskStorage } from "~/lib/storage.server";
import { startS3Server } from "./s3-server";

// The same suite against each store behind FileStorage: the local disk, and an S3-compatible
// server started here (s3rver), reached through the AWS SDK as a bucket on AWS, MinIO or R2 is.

async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const s3 = await startS3Server();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "chapter-storage-"));

afterAll(async () => {
  await s3.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const stores: [string, () => FileStorage][] = [
  ["the local disk", () => new LocalDiskStorage(path.join(scratch, "disk"))],
  ["an S3-compatible bucket", () => new S3Storage(s3.settings, path.join(scratch, "s3-incoming"))],
];

describe.each(stores)("%s", (_name, make) => {
  let store: FileStorage;
  beforeAll(() => {
    store = make();
  });

  test("keeps a buffer under its key, tells its size, reads it back and removes it", async () => {
    const key = `2026/12/${crypto.randomUUID()}.txt`;
    expect(await store.size(key)).toBeNull();
    await store.putBuffer(key, Buffer.from("Hello, Chapter"));
    expect(await store.size(key)).toBe(14);
    expect((await readAll(store.read(key))).toString()).toBe("Hello, Chapter");
    await store.remove(key);
    expect(await store.size(key)).toBeNull();
    // Removing what is not there is not an error.
    await store.remove(key);
  });

  test("moves a received file in from its temporary folder: 12 MB, in parts, and reads a range of it", async () => {
    const key = `2026/12/${crypto.randomUUID()}.mp4`;
    const content = crypto.randomBytes(12 * 1024 * 1024);
    const received = path.join(store.temporaryDir(), crypto.randomUUID());
    fs.writeFileSync(received, content);
    await store.putFile(key, received);
    expect(fs.existsSync(received)).toBe(false);
    expect(await store.size(key)).toBe(content.length);
    expect(await readAll(store.read(key, { start: 5_000_000, end: 5_000_099 }))).toEqual(content.subarray(5_000_000, 5_000_100));
    expect(await readAll(store.read(key, { start: content.length - 10, end: content.length - 1 }))).toEqual(content.subarray(content.length - 10));
    expect((await readAll(store.read(key))).equals(content)).toBe(true);
    await store.remove(key);
  });

  test("reading a key that is not there fails the stream, and nothing else", async () => {
    await expect(readAll(store.read(`2026/12/${crypto.randomUUID()}.png`))).rejects.toThrow();
  });

  test("a reader that stops early lets the store go", async () => {
    const key = `2026/12/${crypto.randomUUID()}.bin`;
    await store.putBuffer(key, crypto.randomBytes(2 * 1024 * 1024));
    const stream = store.read(key);
    for await (const chunk of stream) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break;
    }
    expect(stream.destroyed).toBe(true);
    expect(await store.size(key)).toBe(2 * 1024 * 1024);
    await store.remove(key);
  });
});
