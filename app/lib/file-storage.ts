import type { Readable } from "node:stream";

/**
 * Where uploaded files live. Callers only know keys ("2026/11/abc.jpg"); the local disk
 * (storage.server.ts) is one implementation, an S3-compatible bucket (s3-storage.server.ts)
 * the other, chosen by the configuration.
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
