import {
  unstable_composeUploadHandlers as composeUploadHandlers,
  MaxPartSizeExceededError,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";
import { env } from "~/lib/env.server";
import { formatBytes } from "~/lib/file-types";
import { textFieldHandler } from "~/lib/uploads.server";

/** A refused file's rest is read and dropped, up to this much, so that the browser gets the
 * answer and not a reset connection (as lib/uploads.server.ts does). */
const DISCARD_AT_MOST = 64_000_000;

/**
 * The file of the import form, read into memory up to UPLOAD_MAX_IMPORT_BYTES. It is not an
 * upload kept as a file (lib/uploads.server.ts stores files for members to download): it is
 * read into rows, kept in the import's row until confirmed, and then dropped.
 */
export async function receiveImportFile(request: Request): Promise<{ ok: true; name: string; bytes: Uint8Array } | { ok: false; message: string }> {
  const limit = env().UPLOAD_MAX_IMPORT_BYTES;
  const tooLarge = { ok: false as const, message: `The file is too large: the limit is ${formatBytes(limit)}.` };
  if (!(request.headers.get("Content-Type") ?? "").includes("multipart/form-data")) {
    return { ok: false, message: "Choose a file to import." };
  }
  let received: { name: string; bytes: Uint8Array } | null = null;
  let refused = false;
  try {
    await parseMultipartFormData(
      request,
      composeUploadHandlers(async (part) => {
        if (!part.filename) return undefined;
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of part.data) {
          size += chunk.byteLength;
          if (size > limit + DISCARD_AT_MOST) throw new MaxPartSizeExceededError(part.name, limit);
          if (size > limit) refused = true;
          else chunks.push(chunk);
        }
        if (part.name === "file" && !refused && !received) received = { name: part.filename, bytes: Buffer.concat(chunks) };
        return null;
      }, textFieldHandler()),
    );
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return tooLarge;
    return { ok: false, message: "The upload did not arrive whole. Please try again." };
  }
  if (refused) return tooLarge;
  const file = received as { name: string; bytes: Uint8Array } | null;
  if (!file || file.bytes.byteLength === 0) return { ok: false, message: "Choose a file to import." };
  return { ok: true, name: file.name.split(/[\\/]/).pop()!.slice(-200) || "contacts", bytes: file.bytes };
}
