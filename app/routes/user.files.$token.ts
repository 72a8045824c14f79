import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { findReadableFile } from "~/lib/files.server";
import { requireMember } from "~/lib/session.server";
import { storage } from "~/lib/storage.server";

const INLINE = /^(image|video)\//;

/** Serves an uploaded file to a member who may see it; 404 for anyone else or anything gone.
 * A token's content never changes (replacing a file makes a new token), so it caches for good. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const file = await findReadableFile(params.token ?? "", member);
  const thumbnail = new URL(request.url).searchParams.get("variant") === "thumbnail";
  const key = thumbnail ? file?.thumbnail_key : file?.storage_key;
  if (!file || !key) throw new Response("Not found", { status: 404 });

  const size = await storage().size(key);
  if (size === null) throw new Response("Not found", { status: 404 });
  const etag = `"${file.token}${thumbnail ? "-t" : ""}"`;
  const headers = new Headers({
    "Cache-Control": "private, max-age=31536000, immutable",
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
