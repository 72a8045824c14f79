import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { uploadsDir } from "./env.server";
import { remember } from "./remember.server";

/**
 * Where uploaded files live. Callers only know keys ("2026/11/abc.jpg"); the local disk is
 * one implementation, and an S3-compatible store can be another without touching them.
 */
export interface FileStorage {
  /** Moves a finished temporary file into the store under `key`. */
  putFile(key: string, sourcePath: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** A folder on local disk for files still being received. */
  temporaryDir(): string;
}

export class LocalDiskStorage implements FileStorage {
  constructor(private root: string) {}

  private resolve(key: string) {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Bad storage key: ${key}`);
    return file;
  }

  async putFile(key: string, sourcePath: string) {
    const target = this.resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(sourcePath, target);
  }

  async putBuffer(key: string, data: Buffer) {
    const target = this.resolve(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(target, data);
  }

  read(key: string, range?: { start: number; end: number }) {
    return fs.createReadStream(this.resolve(key), range);
  }

  async size(key: string) {
    try {
      return (await fsp.stat(this.resolve(key))).size;
    } catch {
      return null;
    }
  }

  async remove(key: string) {
    await fsp.rm(this.resolve(key), { force: true });
  }

  temporaryDir() {
    const dir = path.join(this.root, ".incoming");
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }
}

export function storage(): FileStorage {
  return remember(`storage:${uploadsDir()}`, () => new LocalDiskStorage(uploadsDir()));
}
