import fs from "node:fs";
import sharp from "sharp";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";

// The app with S3_BUCKET set, on an S3-compatible server started here: env() reads
// process.env once, on first use, so the server starts before any app module is imported.
const s3 = await vi.hoisted(async () => {
  const { startS3Server } = await import("./s3-server");
  const server = await startS3Server("chapter-app");
  Object.assign(process.env, server.env);
  return server;
});

import { createBackup } from "~/lib/backup/backup.server";
import { RestoreRefused, restoreBackup } from "~/lib/backup/restore.server";
import { db } from "~/lib/db.server";
import { databaseUrl, uploadsDir } from "~/lib/env.server";
import { deleteFile } from "~/lib/files.server";
import { S3Storage } from "~/lib/s3-storage.server";
import { configuredBucket, storage } from "~/lib/storage.server";
import { receiveUpload } from "~/lib/uploads.server";
import { loader } from "~/routes/files/user.files.$token";
import { cleanups, emptyInstall, work } from "./backup-fixtures";
import { DOCUMENT_HEADS, png, uploadRequest } from "./fixtures/files";
import { createSignedInMember, getRequest, routeArgs, settle } from "./helpers";

afterAll(async () => {
  await s3.close();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
});

/** What the bucket holds, key → size. */
async function bucket() {
  const listed = new Map<string, number>();
  for await (const item of (storage() as S3Storage).list()) listed.set(item.key, item.size);
  return listed;
}

/** Files on the local disk, but the folder files are received in. */
function onDisk() {
  if (!fs.existsSync(uploadsDir())) return [];
  return fs.readdirSync(uploadsDir(), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && !entry.parentPath.includes(".incoming"));
}

function get(token: string, cookie: string, { headers = {}, query = "" }: { headers?: Record<string, string>; query?: string } = {}) {
  const request = getRequest(`/user/files/${token}${query}`, cookie);
  for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
  return settle(() => loader(routeArgs(request, { token })));
}

describe("uploaded files in an S3-compatible bucket (S3_BUCKET set)", () => {
  test("an image is checked and re-encoded as on the disk, stored in the bucket with its thumbnail, served, and removed", async () => {
    expect(storage()).toBeInstanceOf(S3Storage);
    const owner = await createSignedInMember();
    const result = await receiveUpload(uploadRequest("/upload", { name: "me.png", content: await png(640, 480) }), {
      kind: "profile_image",
      ownerId: owner.id,
    });
    if (!result.ok) throw new Error(result.error.message);
    const file = result.file!;
    const { storage_key } = await db.selectFrom("files").select("storage_key").where("id", "=", file.id).executeTakeFirstOrThrow();
    const stored = await bucket();
    expect(file.size).toBeGreaterThan(0);
    expect(stored.get(storage_key)).toBe(file.size);
    expect(stored.has(file.thumbnail_key!)).toBe(true);
    expect(onDisk()).toEqual([]);
    expect(fs.readdirSync(storage().temporaryDir())).toEqual([]);

    const whole = await get(file.token, owner.cookie);
    expect(whole.status).toBe(200);
    expect(await sharp(Buffer.from(await whole.arrayBuffer())).metadata()).toMatchObject({ format: "png", width: 640, height: 480 });
    const thumbnail = await get(file.token, owner.cookie, { query: "?variant=thumbnail" });
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ format: "webp", width: 100, height: 100 });
    // The medium rendition is made on first request, from the bucket into the bucket.
    const medium = await get(file.token, owner.cookie, { query: "?variant=medium" });
    expect(medium.status).toBe(200);
    expect((await bucket()).size).toBe(3);

    await deleteFile(file.id);
    expect((await bucket()).size).toBe(0);
  });

  test("a document is served in byte ranges straight from the bucket", async () => {
    const owner = await createSignedInMember();
    const content = DOCUMENT_HEADS.pdf();
    const result = await receiveUpload(uploadRequest("/upload", { name: "report.pdf", content }), { kind: "contact_document", ownerId: owner.id });
    if (!result.ok) throw new Error(result.error.message);
    const part = await get(result.file!.token, owner.cookie, { headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${content.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(content.subarray(100, 200));
    await deleteFile(result.file!.id);
  });
});

describe("backup and restore with the uploads in a bucket", () => {
  test("the archive holds the bucket's files; a restore refuses a bucket that is not empty, and with force puts them back", async () => {
    const owner = await createSignedInMember();
    const content = DOCUMENT_HEADS.pdf();
    const result = await receiveUpload(uploadRequest("/upload", { name: "report.pdf", content }), { kind: "contact_document", ownerId: owner.id });
    if (!result.ok) throw new Error(result.error.message);
    const { storage_key } = await db.selectFrom("files").select("storage_key").where("id", "=", result.file!.id).executeTakeFirstOrThrow();
    const quiet = () => undefined;
    const bucketStore = configuredBucket()!;
    expect(bucketStore).toBeInstanceOf(S3Storage);

    const { archive, manifest } = await createBackup({
      databaseUrl: databaseUrl(),
      uploadsDir: uploadsDir(),
      bucket: bucketStore,
      outDir: `${work}/out`,
      log: quiet,
    });
    expect(manifest.files.map((file) => file.path)).toEqual([`uploads/${storage_key}`]);
    expect(manifest.files[0].size).toBe(content.length);

    const target = await emptyInstall("restored");
    await expect(restoreBackup(archive, { ...target, bucket: bucketStore, log: quiet })).rejects.toThrow(
      new RestoreRefused(
        "The bucket chapter-app is not empty (1 files). Restoring replaces it: run the restore again with --force to do so (back it up first). Nothing was restored.",
      ),
    );
    await bucketStore.putBuffer("stray/left-over.txt", Buffer.from("not in the archive"));
    await bucketStore.remove(storage_key);
    await restoreBackup(archive, { ...target, bucket: bucketStore, force: true, log: quiet });
    expect([...(await bucket()).keys()]).toEqual([storage_key]);
    const chunks: Buffer[] = [];
    for await (const chunk of bucketStore.read(storage_key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(content);
    // Nothing went to the local uploads folder of the restored install.
    expect(fs.existsSync(target.uploadsDir) ? fs.readdirSync(target.uploadsDir) : []).toEqual([]);
  });
});
