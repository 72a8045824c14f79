import { Readable } from "node:stream";
import yazl from "yazl";
import { storage } from "~/lib/storage.server";

/**
 * The zip a member downloads, written as it is sent: each entry's content is made (queried,
 * or read from storage) only when the zip reaches it, so neither the archive nor all of its
 * entries are ever held in memory at once.
 */
export class MemberDataZip {
  private readonly zip = new yazl.ZipFile();
  private readonly names = new Set<string>();
  private readonly mtime = new Date();

  /** The archive's bytes, to be sent while the sections are still being added. */
  get output(): Readable {
    return this.zip.outputStream as Readable;
  }

  /** A unique path: a second "notes.txt" in a folder becomes "notes (2).txt". */
  private unique(path: string) {
    let candidate = path;
    for (let n = 2; this.names.has(candidate); n++) candidate = path.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
    this.names.add(candidate);
    return candidate;
  }

  /** A text entry made when the zip reaches it; returns the path it got. */
  text(path: string, make: () => Promise<string> | string) {
    const name = this.unique(path);
    this.zip.addReadStreamLazy(name, { mtime: this.mtime }, (callback) => {
      Promise.resolve()
        .then(make)
        .then(
          (text) => callback(null, Readable.from([Buffer.from(text, "utf8")])),
          (error: Error) => callback(error, null as never),
        );
    });
    return name;
  }

  /** Pretty-printed JSON, made when the zip reaches it. */
  json(path: string, make: () => Promise<unknown> | unknown) {
    return this.text(path, async () => `${JSON.stringify(await make(), null, 2)}\n`);
  }

  /** A stored upload, streamed from storage when the zip reaches it. */
  file(path: string, storageKey: string) {
    const name = this.unique(path);
    this.zip.addReadStreamLazy(name, { mtime: this.mtime, compress: false }, (callback) => callback(null, storage().read(storageKey)));
    return name;
  }

  end() {
    this.zip.end();
  }
}

/** A file name safe in every unzip tool: no folders, no control characters, not too long. */
export function safeName(name: string) {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, "_").trim();
  return cleaned.slice(-120) || "file";
}
