import crypto from "node:crypto";
import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import type { DB } from "./db-schema";
import { db, nowIso } from "./db.server";
import { env } from "./env.server";
import { deleteFile } from "./files.server";
import { loadSharp } from "./on-first-use.server";
import { acceptedExtensions, extensionOf, type Family, familyOfExtension, formatBytes, UPLOAD_KINDS, type UploadKind } from "./file-types";
import { sniff, type Sniffed } from "./sniff.server";
import { storage } from "./storage.server";

/** Longest edge kept for uploaded images; larger photos are scaled down (pages stay light). */
const MAX_IMAGE_EDGE = 2400;
/** SPEC.md §9: post gallery thumbnails are 100x100; the same thumbnail serves avatars. */
export const THUMBNAIL_SIZE = 100;
/** A small file can decode to a huge bitmap; 50 megapixels is more than any phone camera. */
const MAX_INPUT_PIXELS = 50_000_000;
const MULTIPART_OVERHEAD = 1_000_000;
/** A browser sends the whole body before it reads the answer: a refused upload's rest is read
 * and dropped, up to this much, so that it gets the answer and not a reset connection. */
const DISCARD_AT_MOST = 64_000_000;

/** A text field of a multipart form is kept up to this much: far more than any form allows
 * (its schema then says which field is too long, with everything typed given back); the
 * rest of a longer one is read and dropped. */
export const FORM_TEXT_FIELD_MAX_BYTES = 1_000_000;

/**
 * The text fields of every multipart form (the file parts go to their own handler). Remix's
 * memory handler throws at its size limit, losing the whole form ("Name is required." and
 * an upload error for a name too long): this one keeps what fits and lets the form's
 * schema name the field.
 */
export function textFieldHandler(): UploadHandler {
  return async (part) => {
    if (part.filename) return undefined;
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of part.data) {
      if (size < FORM_TEXT_FIELD_MAX_BYTES) chunks.push(chunk.subarray(0, FORM_TEXT_FIELD_MAX_BYTES - size));
      size += chunk.byteLength;
      if (size > FORM_TEXT_FIELD_MAX_BYTES + DISCARD_AT_MOST) throw new UploadError(`The field ${part.name} is far too long.`);
    }
    return new TextDecoder().decode(Buffer.concat(chunks));
  };
}

export type StoredFile = Pick<DB["files"], "token" | "kind" | "original_name" | "media_type" | "size" | "width" | "height" | "thumbnail_key"> & { id: number };

export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadError";
  }
}

const FAMILY_WORD: Record<Family, string> = { image: "an image", video: "a video", document: "a document" };

/** Every size limit comes from the configuration; none is unlimited. */
export function uploadLimit(kind: UploadKind, family: Family | null): number {
  const config = env();
  if (kind === "profile_image" || kind === "contact_profile_image") return config.UPLOAD_MAX_PROFILE_IMAGE_BYTES;
  if (family === "video") return config.UPLOAD_MAX_VIDEO_BYTES;
  if (family === "document") return config.UPLOAD_MAX_DOCUMENT_BYTES;
  if (family === "image") return config.UPLOAD_MAX_IMAGE_BYTES;
  return Math.max(...UPLOAD_KINDS[kind].families.map((each) => uploadLimit(kind, each)));
}

function tooLarge(limit: number) {
  return `The file is too large: the limit is ${formatBytes(limit)}.`;
}

function cleanName(filename: string) {
  const base = path.basename(filename.replace(/\\/g, "/"));
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, "").slice(-200) || "file";
}

type Incoming = { name: string; tempPath: string; size: number };

/** Streams one file part to a temporary file, stopping as soon as it passes the limit. */
async function receivePart(data: AsyncIterable<Uint8Array>, name: string, limit: number): Promise<Incoming> {
  const tempPath = path.join(storage().temporaryDir(), crypto.randomBytes(16).toString("hex"));
  let size = 0;
  async function* limited() {
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > limit) throw new UploadError(tooLarge(limit));
      yield chunk;
    }
  }
  const file = fs.createWriteStream(tempPath);
  try {
    // pipeline: back-pressure, and a disk error rejects instead of going unhandled.
    await pipeline(limited(), file);
    return { name, tempPath, size };
  } catch (error) {
    // The file is opened asynchronously: a part refused before the open finished would
    // otherwise be created after it was removed, and stay behind.
    if (!file.closed) await once(file, "close").catch(() => undefined);
    await fsp.rm(tempPath, { force: true });
    if (error instanceof UploadError) {
      // Read the rest (dropping it, up to a bound): see DISCARD_AT_MOST.
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size > limit + DISCARD_AT_MOST) break;
      }
    }
    throw error;
  }
}

async function readHead(file: string) {
  const handle = await fsp.open(file, "r");
  try {
    const buffer = Buffer.alloc(4100);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Checks the name and the content against what the kind accepts. */
export function checkType(kind: UploadKind, name: string, head: Uint8Array): Sniffed {
  const { families, label } = UPLOAD_KINDS[kind];
  const extension = extensionOf(name);
  const allowed = acceptedExtensions(kind);
  if (!allowed.includes(extension)) {
    throw new UploadError(`A ${label} must be a ${allowed.join(", ")} file.`);
  }
  const sniffed = sniff(head, name);
  const claimed = familyOfExtension(extension);
  if (!sniffed || sniffed.family !== claimed || !families.includes(sniffed.family)) {
    throw new UploadError(`Its content is not ${FAMILY_WORD[claimed ?? families[0]]}: it does not match the file's name.`);
  }
  return sniffed;
}

function storageKey(kind: UploadKind, token: string, suffix: string) {
  const now = new Date();
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  return `${kind}/${month}/${token}${suffix}`;
}

/** Applies the EXIF orientation, drops all metadata (location included), scales down, and
 * makes the thumbnail. */
async function processImage(tempPath: string, sniffed: Sniffed, kind: UploadKind, token: string) {
  const animated = sniffed.mediaType === "image/gif";
  const mainPath = `${tempPath}.main`;
  const thumbPath = `${tempPath}.thumb`;
  const sharp = await loadSharp();
  try {
    // The size the member's browser shows (EXIF orientation applied), before scaling down.
    const { autoOrient: source } = await sharp(tempPath, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    let pipeline = sharp(tempPath, { animated, limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: "inside", withoutEnlargement: true });
    pipeline =
      sniffed.mediaType === "image/jpeg" ? pipeline.jpeg({ quality: 85, mozjpeg: true }) : sniffed.mediaType === "image/png" ? pipeline.png() : pipeline.gif();
    const info = await pipeline.toFile(mainPath);
    await sharp(tempPath, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "cover" })
      .webp({ quality: 80 })
      .toFile(thumbPath);
    const key = storageKey(kind, token, `.${sniffed.extension}`);
    const thumbnailKey = storageKey(kind, token, ".thumb.webp");
    const size = (await fsp.stat(mainPath)).size;
    await storage().putFile(key, mainPath);
    await storage().putFile(thumbnailKey, thumbPath);
    const height = animated ? (info.pageHeight ?? info.height) : info.height;
    return { key, thumbnailKey, size, width: info.width, height, source };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    throw new UploadError("It could not be read as an image. Is the file complete?");
  } finally {
    await fsp.rm(mainPath, { force: true });
    await fsp.rm(thumbPath, { force: true });
  }
}

/** Checks a received file's type and size, processes images, stores it and records it;
 * `source` is an image's size as uploaded (before the size cap), for crops drawn on it. */
async function storeReceived(kind: UploadKind, ownerId: number, received: Incoming): Promise<{ file: StoredFile; source?: { width: number; height: number } }> {
  const sniffed = checkType(kind, received.name, await readHead(received.tempPath));
  const limit = uploadLimit(kind, sniffed.family);
  if (received.size > limit) throw new UploadError(tooLarge(limit));

  const token = crypto.randomBytes(18).toString("base64url");
  let stored: {
    key: string;
    thumbnailKey: string | null;
    size: number;
    width: number | null;
    height: number | null;
    source?: { width: number; height: number };
  };
  if (sniffed.family === "image") {
    stored = await processImage(received.tempPath, sniffed, kind, token);
  } else {
    const key = storageKey(kind, token, `.${sniffed.extension}`);
    await storage().putFile(key, received.tempPath);
    stored = { key, thumbnailKey: null, size: received.size, width: null, height: null };
  }

  const file = await recordFile({ token, ownerId, kind, name: received.name, mediaType: sniffed.mediaType, stored });
  return { file, source: stored.source };
}

/** `name` is the file's name (or "Upload" when none arrived): SPEC.md shows failures as
 * "Upload error: {name}: {message}" (see uploadErrorMessage). */
export type UploadResult =
  | {
      ok: true;
      fields: FormData;
      file: StoredFile | null;
      /** An image's size as uploaded (orientation applied), before it was scaled down. */
      source?: { width: number; height: number };
    }
  | {
      ok: false;
      fields: FormData | null;
      error: { name: string; message: string };
      /** When `fields` is null: the fields read before the failure (those ahead of the file in
       * the form), for a form that gives back what the member typed. */
      readBefore?: FormData;
    };

export function uploadErrorMessage(error: { name: string; message: string }) {
  return `Upload error: ${error.name}: ${error.message}`;
}

/**
 * Receives a multipart form with one file (in the field `field`) for `kind`: streams it to
 * disk, checks name, content and size, processes images, stores it and records it. Other
 * fields come back in `fields`. Failures come back as a member-readable `error`, with
 * nothing stored.
 */
export async function receiveUpload(
  request: Request,
  { kind, ownerId, field = "file", required = true }: { kind: UploadKind; ownerId: number; field?: string; required?: boolean },
): Promise<UploadResult> {
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  const ceiling = uploadLimit(kind, null);
  // Refused unread only when it is too large to read through (see DISCARD_AT_MOST); otherwise
  // the limit stops it while it streams, and the answer can name the file.
  if (declared > Math.max(ceiling + MULTIPART_OVERHEAD, DISCARD_AT_MOST)) {
    return { ok: false, fields: null, error: { name: "Upload", message: tooLarge(ceiling) } };
  }
  if (!(request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) {
    return { ok: false, fields: null, error: { name: "Upload", message: "Choose a file to upload." } };
  }

  let incoming: Incoming | null = null;
  // The name of the file being received, for the error when receiving it fails.
  let receiving: string | null = null;
  const readBefore = new FormData();
  const text = textFieldHandler();
  let fields: FormData;
  try {
    fields = await parseMultipartFormData(
      request,
      composeUploadHandlers(
        async (part) => {
          if (!part.filename) return undefined;
          if (part.name !== field || incoming) {
            for await (const _ of part.data); // an unexpected file: read past it
            return null;
          }
          const name = cleanName(part.filename);
          receiving = name;
          const limit = uploadLimit(kind, familyOfExtension(extensionOf(name)));
          incoming = await receivePart(part.data, name, limit);
          return incoming.size === 0 ? null : "received";
        },
        async (part) => {
          const value = await text(part);
          if (typeof value === "string") readBefore.append(part.name, value);
          return value;
        },
      ),
    );
  } catch (error) {
    const pending = incoming as Incoming | null;
    if (pending) await fsp.rm(pending.tempPath, { force: true });
    const name = pending?.name ?? receiving ?? "Upload";
    if (error instanceof UploadError) return { ok: false, fields: null, error: { name, message: error.message }, readBefore };
    return { ok: false, fields: null, error: { name, message: "The upload did not arrive whole. Please try again." }, readBefore };
  }

  const received = incoming as Incoming | null;
  if (!received || received.size === 0) {
    if (received) await fsp.rm(received.tempPath, { force: true });
    return required
      ? { ok: false, fields, error: { name: received?.name ?? "Upload", message: "Choose a file to upload." } }
      : { ok: true, fields, file: null };
  }

  try {
    const { file, source } = await storeReceived(kind, ownerId, received);
    return { ok: true, fields, file, source };
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, fields, error: { name: received.name, message: error.message } };
    throw error;
  } finally {
    await fsp.rm(received.tempPath, { force: true });
  }
}

async function recordFile({
  token,
  ownerId,
  kind,
  name,
  mediaType,
  stored,
}: {
  token: string;
  ownerId: number;
  kind: UploadKind;
  name: string;
  mediaType: string;
  stored: { key: string; thumbnailKey: string | null; size: number; width: number | null; height: number | null };
}): Promise<StoredFile> {
  const row = {
    token,
    owner_id: ownerId,
    kind,
    original_name: name,
    media_type: mediaType,
    size: stored.size,
    width: stored.width,
    height: stored.height,
    storage_key: stored.key,
    thumbnail_key: stored.thumbnailKey,
    created_at: nowIso(),
  };
  const { id } = await db.insertInto("files").values(row).returning("id").executeTakeFirstOrThrow();
  return { id, ...row };
}

/**
 * A new image file cut from a stored image (a business card's crop; the original stays):
 * `rect` is in the stored image's pixels and lies inside it. A GIF's crop is a PNG (its
 * first frame).
 */
export async function storeImageCrop(
  original: Pick<DB["files"], "storage_key" | "media_type" | "original_name" | "owner_id" | "kind">,
  rect: { left: number; top: number; width: number; height: number },
): Promise<StoredFile> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage().read(original.storage_key)) chunks.push(chunk as Buffer);
  const jpeg = original.media_type === "image/jpeg";
  const sniffed: Sniffed = jpeg
    ? { mediaType: "image/jpeg", family: "image", extension: "jpg" }
    : { mediaType: "image/png", family: "image", extension: "png" };
  const tempPath = path.join(storage().temporaryDir(), crypto.randomBytes(16).toString("hex"));
  try {
    const sharp = await loadSharp();
    const cut = sharp(Buffer.concat(chunks), { limitInputPixels: MAX_INPUT_PIXELS }).extract(rect);
    await (jpeg ? cut.jpeg({ quality: 92 }) : cut.png()).toFile(tempPath);
    const token = crypto.randomBytes(18).toString("base64url");
    const kind = original.kind as UploadKind;
    const stored = await processImage(tempPath, sniffed, kind, token);
    const base = original.original_name.replace(/\.[^.]*$/, "");
    return recordFile({ token, ownerId: original.owner_id, kind, name: `${base} (cropped).${sniffed.extension}`, mediaType: sniffed.mediaType, stored });
  } finally {
    await fsp.rm(tempPath, { force: true });
  }
}

export type UploadsResult =
  { ok: true; fields: FormData; files: StoredFile[] } | { ok: false; fields: FormData | null; error: { name: string; message: string } };

/**
 * A form with at most one optional file in `field` (a dialog's image): the other fields, and
 * the stored file or why it was refused, as the member reads it. A form sent without a file
 * (not multipart) is read as it is.
 */
export async function receiveFormWithFile(
  request: Request,
  { kind, ownerId, field }: { kind: UploadKind; ownerId: number; field: string },
): Promise<{ fields: FormData; file: StoredFile | null; error: string | null }> {
  if (!(request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) {
    return { fields: await request.formData(), file: null, error: null };
  }
  const upload = await receiveUpload(request, { kind, ownerId, field, required: false });
  const fields = upload.fields ?? new FormData();
  fields.delete(field);
  if (!upload.ok) return { fields, file: null, error: uploadErrorMessage(upload.error) };
  return { fields, file: upload.file, error: null };
}

/**
 * receiveUpload for a form with several files in `field` (a post without JavaScript sends its
 * message and all its photos and videos at once). All or nothing: when one file is refused,
 * the ones already stored are deleted and the error names the refused one. A form without
 * files (not multipart) is read as it is.
 */
export async function receiveUploads(
  request: Request,
  { kind, ownerId, field, maxFiles }: { kind: UploadKind; ownerId: number; field: string; maxFiles: number },
): Promise<UploadsResult> {
  if (!(request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) {
    return { ok: true, fields: await request.formData(), files: [] };
  }
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  const ceiling = uploadLimit(kind, null) * maxFiles;
  if (declared > Math.max(ceiling + MULTIPART_OVERHEAD, DISCARD_AT_MOST)) {
    return { ok: false, fields: null, error: { name: "Upload", message: tooLarge(uploadLimit(kind, null)) } };
  }
  const stored: StoredFile[] = [];
  // The first refused file; the rest of the form is still read (and dropped), so that the
  // browser gets the answer rather than a reset connection.
  let refused: { name: string; message: string } | null = null;
  let receiving: string | null = null;
  let fields: FormData;
  try {
    fields = await parseMultipartFormData(
      request,
      composeUploadHandlers(async (part) => {
        if (!part.filename) return undefined;
        if (refused || part.name !== field || stored.length >= maxFiles) {
          for await (const _ of part.data); // not wanted: read past it
          return null;
        }
        const name = cleanName(part.filename);
        receiving = name;
        try {
          const incoming = await receivePart(part.data, name, uploadLimit(kind, familyOfExtension(extensionOf(name))));
          try {
            if (incoming.size > 0) stored.push((await storeReceived(kind, ownerId, incoming)).file);
          } finally {
            await fsp.rm(incoming.tempPath, { force: true });
          }
        } catch (error) {
          if (!(error instanceof UploadError)) throw error;
          // receivePart has read the part through (or, when it is far too large, dropped it).
          refused = { name, message: error.message };
        }
        receiving = null;
        return null;
      }, textFieldHandler()),
    );
  } catch {
    for (const file of stored) await deleteFile(file.id);
    return { ok: false, fields: null, error: { name: receiving ?? "Upload", message: "The upload did not arrive whole. Please try again." } };
  }
  if (refused) {
    for (const file of stored) await deleteFile(file.id);
    return { ok: false, fields, error: refused };
  }
  return { ok: true, fields, files: stored };
}
