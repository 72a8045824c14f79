import crypto from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { DB } from "./db-schema";
import { db } from "./db.server";
import { loadSharp } from "./on-first-use.server";
import { storage } from "./storage.server";

type FileRow = DB["files"] & { id: number };

export function fileUrl(token: string, variant: "original" | "thumbnail" | "medium" = "original") {
  return variant === "original" ? `/user/files/${token}` : `/user/files/${token}?variant=${variant}`;
}

/** Lists (event and offer cards) show images at most this wide: the "medium" rendition, made
 * from the original the first time it is asked for and kept next to it in storage. */
export const MEDIUM_WIDTH = 640;

/** The medium rendition's storage key: the original's, with ".medium.webp" for its extension. */
export function mediumKey(storageKey: string) {
  return `${storageKey.replace(/\.[^./]+$/, "")}.medium.webp`;
}

/** The size an image shows at in its medium rendition (for width/height attributes). */
export function mediumSize(width: number | null, height: number | null) {
  if (!width || !height) return { width: null, height: null };
  const scaled = Math.min(width, MEDIUM_WIDTH);
  return { width: scaled, height: Math.max(1, Math.round((height * scaled) / width)) };
}

/** Makes the medium rendition when it is missing (written aside, then moved into place, so a
 * reader never sees half a file). */
async function ensureMedium(storageKey: string) {
  const key = mediumKey(storageKey);
  if ((await storage().size(key)) !== null) return key;
  const chunks: Buffer[] = [];
  for await (const chunk of storage().read(storageKey)) chunks.push(chunk as Buffer);
  const sharp = await loadSharp();
  const data = await sharp(Buffer.concat(chunks), { limitInputPixels: 50_000_000 })
    .rotate()
    .resize({ width: MEDIUM_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  const temporary = path.join(storage().temporaryDir(), `${crypto.randomBytes(12).toString("hex")}.medium`);
  await fsp.writeFile(temporary, data);
  await storage().putFile(key, temporary);
  return key;
}

/** The stored file behind a URL token, whoever asks: the caller decides who may read it
 * (features/files/access.server.ts). */
export async function storedFileByToken(token: string) {
  return db.selectFrom("files").selectAll().where("token", "=", token).executeTakeFirst();
}

export async function deleteFile(fileId: number) {
  const file = await db.selectFrom("files").selectAll().where("id", "=", fileId).executeTakeFirst();
  if (!file) return;
  await db.deleteFrom("files").where("id", "=", fileId).execute();
  await removeStored(file);
}

/** Removes a file's stored content (original, thumbnail, medium rendition), once its row is gone. */
export async function removeStored(file: Pick<FileRow, "storage_key" | "thumbnail_key" | "media_type">) {
  await storage().remove(file.storage_key);
  if (file.thumbnail_key) await storage().remove(file.thumbnail_key);
  if (file.media_type.startsWith("image/")) await storage().remove(mediumKey(file.storage_key));
}

const INLINE = /^(image|video)\//;

/**
 * The answer serving a file (or its thumbnail) that the caller has allowed: caching by its
 * token (a token's content never changes), conditional requests and byte ranges. 404 when
 * the variant or the stored content is missing.
 */
export async function fileResponse(
  request: Request,
  file: Pick<FileRow, "token" | "storage_key" | "thumbnail_key" | "media_type" | "original_name">,
  { cacheControl = "private, max-age=31536000, immutable" }: { cacheControl?: string } = {},
) {
  const variant = new URL(request.url).searchParams.get("variant");
  const thumbnail = variant === "thumbnail";
  // A medium rendition exists for images only; anything else is served as it is.
  const medium = variant === "medium" && file.media_type.startsWith("image/");
  let key = thumbnail ? file.thumbnail_key : file.storage_key;
  if (!key || (await storage().size(key)) === null) throw new Response("Not found", { status: 404 });
  if (medium) {
    try {
      key = await ensureMedium(key);
    } catch {
      throw new Response("Not found", { status: 404 });
    }
  }
  const size = await storage().size(key);
  if (size === null) throw new Response("Not found", { status: 404 });
  const etag = `"${file.token}${thumbnail ? "-t" : medium ? "-m" : ""}"`;
  const headers = new Headers({
    "Cache-Control": cacheControl,
    ETag: etag,
    "Content-Type": thumbnail || medium ? "image/webp" : file.media_type,
    "Accept-Ranges": "bytes",
    "Content-Disposition": `${INLINE.test(file.media_type) ? "inline" : "attachment"}; filename*=UTF-8''${encodeURIComponent(file.original_name)}`,
  });
  const ifNoneMatch = request.headers.get("If-None-Match") ?? "";
  const known = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  if (known.includes(etag) || ifNoneMatch.trim() === "*") return new Response(null, { status: 304, headers });

  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.get("Range") ?? "");
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    const body = Readable.toWeb(storage().read(key, { start, end })) as ReadableStream;
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(size));
  return new Response(Readable.toWeb(storage().read(key)) as ReadableStream, { headers });
}
