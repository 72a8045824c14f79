import { Readable } from "node:stream";
import type { DB } from "./db-schema";
import { db } from "./db.server";
import type { UploadKind } from "./file-types";
import type { Member } from "./session.server";
import { storage } from "./storage.server";

type FileRow = DB["files"] & { id: number };

/** Kinds any signed-in member may see; everything else is its owner's alone unless an area
 * adds a rule here (a post's privacy, an event's attendees …). */
const SEEN_BY_ALL_MEMBERS = new Set<UploadKind>([
  "profile_image",
  "cover_image",
  // Events and offers are shown to every member, with their pictures.
  "event_media",
  "product_image",
]);

export function canRead(file: Pick<FileRow, "kind" | "owner_id">, member: Member) {
  return file.owner_id === member.id || SEEN_BY_ALL_MEMBERS.has(file.kind as UploadKind);
}

export function fileUrl(token: string, variant: "original" | "thumbnail" = "original") {
  return variant === "thumbnail" ? `/user/files/${token}?variant=thumbnail` : `/user/files/${token}`;
}

/** The file behind a URL token, when this member may see it. */
export async function findReadableFile(token: string, member: Member) {
  const file = await db.selectFrom("files").selectAll().where("token", "=", token).executeTakeFirst();
  return file && canRead(file, member) ? file : null;
}

export async function deleteFile(fileId: number) {
  const file = await db.selectFrom("files").selectAll().where("id", "=", fileId).executeTakeFirst();
  if (!file) return;
  await db.deleteFrom("files").where("id", "=", fileId).execute();
  await storage().remove(file.storage_key);
  if (file.thumbnail_key) await storage().remove(file.thumbnail_key);
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
  const thumbnail = new URL(request.url).searchParams.get("variant") === "thumbnail";
  const key = thumbnail ? file.thumbnail_key : file.storage_key;
  if (!key) throw new Response("Not found", { status: 404 });
  const size = await storage().size(key);
  if (size === null) throw new Response("Not found", { status: 404 });
  const etag = `"${file.token}${thumbnail ? "-t" : ""}"`;
  const headers = new Headers({
    "Cache-Control": cacheControl,
    ETag: etag,
    "Content-Type": thumbnail ? "image/webp" : file.media_type,
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
