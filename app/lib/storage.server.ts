import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { env, uploadsDir } from "./env.server";
import type { FileStorage } from "./file-storage";
import { remember } from "./remember.server";
import { incomingDirFor, S3Storage } from "./s3-storage.server";

export type { FileStorage };

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
    const dir = incomingDirFor(this.root);
    fs.mkdirSync(dir, { recursive: true });
    return dir;
  }
}

/** The store the configuration chooses: an S3-compatible bucket when S3_BUCKET is set, the
 * local disk (UPLOADS_DIR) otherwise. */
export function storage(): FileStorage {
  const config = env();
  if (config.S3_BUCKET) {
    const bucket = config.S3_BUCKET;
    return remember(`storage:s3:${config.S3_ENDPOINT ?? "aws"}:${bucket}`, () => new S3Storage(s3Settings(), incomingDirFor(uploadsDir())));
  }
  return remember(`storage:${uploadsDir()}`, () => new LocalDiskStorage(uploadsDir()));
}

/** The bucket uploads are kept in, when S3_BUCKET sets one (backup and restore read and fill it). */
export function configuredBucket() {
  const store = storage();
  return store instanceof S3Storage ? store : undefined;
}

export function s3Settings() {
  const config = env();
  return {
    bucket: config.S3_BUCKET ?? "",
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === "true" || config.S3_FORCE_PATH_STYLE === "1",
  };
}
