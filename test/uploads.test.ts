import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, test, vi } from "vitest";
import { db } from "~/lib/db.server";
import { uploadsDir } from "~/lib/env.server";
import { storage } from "~/lib/storage.server";
import { receiveUpload, THUMBNAIL_SIZE, uploadLimit } from "~/lib/uploads.server";
import { animatedGif, DOCUMENT_HEADS, noisyPng, phonePhoto, png, streamedUploadRequest, uploadRequest, VIDEO_HEADS } from "./fixtures/files";
import { BASE, createSignedInMember, readStored } from "./helpers";

/** Every file under the uploads folder, but the folder of files being received. */
function storedFiles(dir = uploadsDir()): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === ".incoming" ? [] : storedFiles(full);
    return [path.relative(uploadsDir(), full)];
  });
}

function incomingFiles() {
  return fs.readdirSync(storage().temporaryDir());
}

async function expectNothingStored() {
  expect(await db.selectFrom("files").selectAll().execute()).toEqual([]);
  expect(storedFiles()).toEqual([]);
  expect(incomingFiles()).toEqual([]);
}

/** Runs `run` with these settings, against freshly imported modules (env() caches). */
async function withSettings<T>(settings: Record<string, string>, run: (uploads: typeof import("~/lib/uploads.server")) => Promise<T>) {
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, settings);
  try {
    vi.resetModules();
    return await run(await import("~/lib/uploads.server"));
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    vi.resetModules();
  }
}

afterEach(() => {
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

describe("receiving an upload", () => {
  test("the uploads of the tests go to the worker's own folder", () => {
    expect(uploadsDir()).toBe(path.resolve(process.env.DATA_DIR!, "uploads"));
  });

  test("a real image is recorded, stored and gets a 100x100 thumbnail", async () => {
    const member = await createSignedInMember();
    const content = await png(640, 480);
    const result = await receiveUpload(uploadRequest("/upload", { name: "Team photo.png", content, type: "image/png" }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;

    const row = await db.selectFrom("files").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      id: result.file!.id,
      token: result.file!.token,
      owner_id: member.id,
      kind: "profile_image",
      original_name: "Team photo.png",
      media_type: "image/png",
      width: 640,
      height: 480,
    });
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(Date.parse(row.created_at)).not.toBeNaN();

    const stored = await readStored(row.storage_key);
    expect(row.size).toBe(stored.length);
    expect(await storage().size(row.storage_key)).toBe(row.size);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 640, height: 480 });

    expect(row.thumbnail_key).toBeTruthy();
    const thumbnail = await sharp(await readStored(row.thumbnail_key!)).metadata();
    expect(thumbnail).toMatchObject({ format: "webp", width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE });
    expect(THUMBNAIL_SIZE).toBe(100);

    expect(storedFiles().sort()).toEqual([row.storage_key, row.thumbnail_key].sort());
    expect(incomingFiles()).toEqual([]);
  });

  test("the other form fields come back with the file", async () => {
    const member = await createSignedInMember();
    const result = await receiveUpload(uploadRequest("/upload", { name: "card.png", content: await png() }, { fields: { csrf: "token", contact_id: "12" } }), {
      kind: "business_card",
      ownerId: member.id,
    });
    expect(result.ok).toBe(true);
    expect(result.fields?.get("contact_id")).toBe("12");
    expect(result.fields?.get("csrf")).toBe("token");
  });

  test("a phone photo is turned upright and loses its EXIF data, location included", async () => {
    const member = await createSignedInMember();
    const photo = await phonePhoto(300, 200);
    const before = await sharp(photo).metadata();
    expect(before).toMatchObject({ width: 300, height: 200, orientation: 6 });
    expect(before.exif?.includes(Buffer.from([0x02, 0x00, 0x05, 0x00, 0x03, 0x00]))).toBe(true); // GPSLatitude entry

    const result = await receiveUpload(uploadRequest("/upload", { name: "IMG_0001.JPG", content: photo }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(result.ok).toBe(true);
    const row = await db.selectFrom("files").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ media_type: "image/jpeg", width: 200, height: 300 });

    const stored = await readStored(row.storage_key);
    const after = await sharp(stored).metadata();
    expect(after).toMatchObject({ format: "jpeg", width: 200, height: 300 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from("Exif\0\0", "latin1"))).toBe(false);

    // Turned clockwise: the left half (red) is now on top, the right half (blue) below.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [r1, , b1] = pixel(100, 60);
    const [r2, , b2] = pixel(100, 240);
    expect(r1).toBeGreaterThan(200);
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200);
    expect(r2).toBeLessThan(60);

    // The thumbnail is upright too, and carries nothing either.
    const thumbnail = await sharp(await readStored(row.thumbnail_key!)).metadata();
    expect(thumbnail.exif).toBeUndefined();
  });

  test("a large image is scaled down to 2400 pixels on its longest edge", async () => {
    const member = await createSignedInMember();
    const result = await receiveUpload(uploadRequest("/upload", { name: "wide.png", content: await png(4800, 1200) }), {
      kind: "cover_image",
      ownerId: member.id,
    });
    expect(result.ok && result.file).toMatchObject({ width: 2400, height: 600 });
    const row = await db.selectFrom("files").selectAll().executeTakeFirstOrThrow();
    expect(await sharp(await readStored(row.storage_key)).metadata()).toMatchObject({ width: 2400, height: 600 });
  });

  test("an animated GIF keeps its frames and is recorded with one frame's size", async () => {
    const member = await createSignedInMember();
    const result = await receiveUpload(uploadRequest("/upload", { name: "wave.gif", content: await animatedGif(40, 30, 3) }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(result.ok && result.file).toMatchObject({ media_type: "image/gif", width: 40, height: 30 });
    const row = await db.selectFrom("files").selectAll().executeTakeFirstOrThrow();
    expect(await sharp(await readStored(row.storage_key)).metadata()).toMatchObject({ format: "gif", pages: 3, width: 40 });
    expect(await sharp(await readStored(row.thumbnail_key!)).metadata()).toMatchObject({ format: "webp", width: 100, height: 100 });
  });

  test("a file over the profile image limit is refused, and nothing is left behind", async () => {
    const member = await createSignedInMember();
    const content = await noisyPng(1000, 1000);
    expect(content.length).toBeGreaterThan(2_000_000);
    const result = await receiveUpload(uploadRequest("/upload", { name: "huge.png", content }), { kind: "profile_image", ownerId: member.id });
    expect(result).toMatchObject({ ok: false, error: { name: "huge.png", message: "The file is too large: the limit is 2 MB." } });
    await expectNothingStored();
  });

  test("a request that declares a body far over the limit is refused before it is read", async () => {
    const member = await createSignedInMember();
    // What the server adapter passes on for a browser's 100 MB upload: only the headers are read.
    const request = new Request(`${BASE}/upload`, {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(100_000_000) },
    });
    const result = await receiveUpload(request, { kind: "profile_image", ownerId: member.id });
    expect(result).toMatchObject({ ok: false, error: { message: "The file is too large: the limit is 2 MB." } });
    await expectNothingStored();
  });

  test("the limits come from the configuration", async () => {
    expect(uploadLimit("profile_image", "image")).toBe(2_000_000);
    expect(uploadLimit("cover_image", "image")).toBe(10_000_000);
    expect(uploadLimit("contact_video", "video")).toBe(250_000_000);
    expect(uploadLimit("contact_document", "document")).toBe(25_000_000);
    // Before the content is known, the largest limit of what the kind accepts.
    expect(uploadLimit("post_media", null)).toBe(250_000_000);

    const member = await createSignedInMember();
    await withSettings({ UPLOAD_MAX_IMAGE_BYTES: "5000", UPLOAD_MAX_PROFILE_IMAGE_BYTES: "3000" }, async (fresh) => {
      expect(fresh.uploadLimit("cover_image", "image")).toBe(5000);
      expect(fresh.uploadLimit("profile_image", "image")).toBe(3000);
      const content = await noisyPng(60, 60);
      expect(content.length).toBeGreaterThan(5000);
      const cover = await fresh.receiveUpload(uploadRequest("/upload", { name: "cover.png", content }), { kind: "cover_image", ownerId: member.id });
      expect(cover).toMatchObject({ ok: false, error: { name: "cover.png", message: "The file is too large: the limit is 5 KB." } });
      const profile = await fresh.receiveUpload(uploadRequest("/upload", { name: "me.png", content }), { kind: "profile_image", ownerId: member.id });
      expect(profile).toMatchObject({ ok: false, error: { name: "me.png", message: "The file is too large: the limit is 3 KB." } });
      const small = await fresh.receiveUpload(uploadRequest("/upload", { name: "small.png", content: await png(10, 10) }), {
        kind: "cover_image",
        ownerId: member.id,
      });
      expect(small.ok).toBe(true);
    });
    expect(await db.selectFrom("files").select("original_name").execute()).toEqual([{ original_name: "small.png" }]);
    expect(incomingFiles()).toEqual([]);
    const { uploadLimit: restored } = await import("~/lib/uploads.server");
    expect(restored("cover_image", "image")).toBe(10_000_000);
  });

  test("no file chosen: the member is asked to choose one", async () => {
    const member = await createSignedInMember();
    const empty = await receiveUpload(uploadRequest("/upload", null), { kind: "profile_image", ownerId: member.id });
    expect(empty).toMatchObject({ ok: false, error: { name: "Upload", message: "Choose a file to upload." } });

    const zeroBytes = await receiveUpload(uploadRequest("/upload", { name: "empty.png", content: Buffer.alloc(0) }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(zeroBytes).toMatchObject({ ok: false, error: { message: "Choose a file to upload." } });

    const notMultipart = await receiveUpload(new Request(`${BASE}/upload`, { method: "POST", body: new URLSearchParams({ file: "x" }) }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(notMultipart).toMatchObject({ ok: false, error: { name: "Upload", message: "Choose a file to upload." } });

    const wrongField = await receiveUpload(uploadRequest("/upload", { name: "me.png", content: await png() }, { field: "other" }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(wrongField).toMatchObject({ ok: false, error: { message: "Choose a file to upload." } });

    const optional = await receiveUpload(uploadRequest("/upload", null), { kind: "profile_image", ownerId: member.id, required: false });
    expect(optional).toMatchObject({ ok: true, file: null });
    await expectNothingStored();
  });

  test("a broken file that starts like a PNG is refused as unreadable, and nothing is stored", async () => {
    const member = await createSignedInMember();
    const whole = await png(200, 200);
    const broken = [
      Buffer.concat([whole.subarray(0, 8), Buffer.from("this is not really a picture at all".repeat(20))]),
      whole.subarray(0, Math.floor(whole.length / 2)),
    ];
    for (const content of broken) {
      const result = await receiveUpload(uploadRequest("/upload", { name: "broken.png", content }), { kind: "profile_image", ownerId: member.id });
      expect(result).toMatchObject({ ok: false, error: { name: "broken.png" } });
      expect(result.ok ? "" : result.error.message).toMatch(/^It could not be read as an image/);
    }
    await expectNothingStored();
  });

  test("a disk that cannot take the file fails the upload, and does not bring the server down", async () => {
    const member = await createSignedInMember();
    const missing = path.join(uploadsDir(), "gone", ".incoming");
    const spy = vi.spyOn(storage(), "temporaryDir").mockReturnValue(missing);
    try {
      const result = await receiveUpload(uploadRequest("/upload", { name: "me.png", content: await png() }), {
        kind: "profile_image",
        ownerId: member.id,
      });
      expect(result).toMatchObject({ ok: false, error: { name: "me.png" } });
    } finally {
      spy.mockRestore();
    }
    expect(await db.selectFrom("files").selectAll().execute()).toEqual([]);
  });

  test("the name is kept without folders or control characters", async () => {
    const member = await createSignedInMember();
    const result = await receiveUpload(uploadRequest("/upload", { name: "C:\\Users\\me\\My\u0007 photo.png", content: await png() }), {
      kind: "profile_image",
      ownerId: member.id,
    });
    expect(result.ok && result.file?.original_name).toBe("My photo.png");
  });

  test("documents and videos are stored as they are, without a thumbnail", async () => {
    const member = await createSignedInMember();
    const content = DOCUMENT_HEADS.pdf();
    const result = await receiveUpload(uploadRequest("/upload", { name: "report.pdf", content }), { kind: "contact_document", ownerId: member.id });
    expect(result.ok && result.file).toMatchObject({ media_type: "application/pdf", size: content.length, width: null, height: null, thumbnail_key: null });
    const row = await db.selectFrom("files").selectAll().executeTakeFirstOrThrow();
    expect(await readStored(row.storage_key)).toEqual(content);
    expect(incomingFiles()).toEqual([]);
  });

  test("a large video streams to disk without being held in memory", async () => {
    const member = await createSignedInMember();
    const size = 30 * 1024 * 1024;
    // Each time the next 64 KB are asked for, how far behind the temporary file is: a handler
    // that held the upload in memory would not write anything until it had all of it.
    let furthestBehind = 0;
    let pulls = 0;
    const onDisk = () => incomingFiles().reduce((sum, name) => sum + fs.statSync(path.join(storage().temporaryDir(), name)).size, 0);
    const request = streamedUploadRequest("/upload", {
      name: "talk.mp4",
      head: VIDEO_HEADS.mp4().subarray(0, 64),
      size,
      cookie: member.cookie,
      onPull: (sent) => {
        pulls += 1;
        furthestBehind = Math.max(furthestBehind, sent - onDisk());
      },
    });
    const result = await receiveUpload(request, { kind: "contact_video", ownerId: member.id });

    expect(result.ok && result.file).toMatchObject({ kind: "contact_video", media_type: "video/mp4", original_name: "talk.mp4", size });
    const row = await db.selectFrom("files").selectAll().executeTakeFirstOrThrow();
    expect(await storage().size(row.storage_key)).toBe(size);
    expect(incomingFiles()).toEqual([]);
    expect(pulls).toBeGreaterThanOrEqual(size / (64 * 1024));
    expect(furthestBehind).toBeLessThan(4 * 1024 * 1024);
  });

  test("a video over its limit is not kept past the limit, and the browser still gets the answer", async () => {
    const member = await createSignedInMember();
    await withSettings({ UPLOAD_MAX_VIDEO_BYTES: String(1024 * 1024) }, async (fresh) => {
      const size = 8 * 1024 * 1024;
      let sent = 0;
      const request = streamedUploadRequest("/upload", {
        name: "talk.mp4",
        head: VIDEO_HEADS.mp4().subarray(0, 64),
        size,
        onPull: (bytes) => (sent = bytes),
      });
      const result = await fresh.receiveUpload(request, { kind: "contact_video", ownerId: member.id });
      expect(result).toMatchObject({ ok: false, error: { name: "talk.mp4", message: "The file is too large: the limit is 1 MB." } });
      // Nothing past the limit is kept, but the rest is read (and dropped): a browser sends the
      // whole body before it reads the answer, and would otherwise see a reset connection.
      expect(sent).toBeGreaterThan(size - 128 * 1024);
    });
    await expectNothingStored();
  });
});
