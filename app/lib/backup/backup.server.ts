import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import yazl from "yazl";
import { isPostgresUrl } from "../env.server";
import { formatBytes } from "../file-types";
import type { S3Storage } from "../s3-storage.server";
import { copySqlite, type DatabaseContents, dataRows, dumpPostgres } from "./database-copy.server";
import { appVersion, archiveName, FORMAT, FORMAT_VERSION, type Manifest, MANIFEST_ENTRY, type StoredEntry } from "./manifest.server";
import { percent, progressLine } from "./progress.server";

export type BackupOptions = {
  databaseUrl: string;
  uploadsDir: string;
  /** Set when the uploads are in an S3-compatible bucket (S3_BUCKET): they are read from it. */
  bucket?: S3Storage;
  /** The folder the archive is written to (created if need be). */
  outDir: string;
  /** The archive's name starts with it: manual backups and nightly ones are told apart. */
  prefix?: string;
  log?: (line: string) => void;
  progressEveryMs?: number;
};

/** Files being received (uploads.server.ts streams them there first) are not uploads yet. */
const NOT_UPLOADS = new Set([".incoming", ".gitkeep"]);

/** Every stored file under `root`, by storage key ("post_image/2026/11/abc.jpg"). */
export async function listUploads(root: string): Promise<{ key: string; size: number }[]> {
  const found: { key: string; size: number }[] = [];
  async function walk(dir: string, prefix: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!prefix && NOT_UPLOADS.has(entry.name)) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), key);
      else if (entry.isFile()) found.push({ key, size: (await fsp.stat(path.join(dir, entry.name))).size });
    }
  }
  await walk(root, "");
  return found;
}

/** Every stored file in the bucket, by key. */
export async function listBucket(bucket: S3Storage) {
  const found: { key: string; size: number }[] = [];
  for await (const item of bucket.list()) found.push(item);
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

/** A stored file's content, or null when it was deleted since it was listed. */
async function openUpload(options: BackupOptions, key: string): Promise<Readable | null> {
  if (options.bucket) return (await options.bucket.size(key)) === null ? null : options.bucket.read(key);
  try {
    return (await fsp.open(path.join(options.uploadsDir, key))).createReadStream();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** A stream that passes data through and reports its size and SHA-256 when it ends. */
function hashing(entryPath: string, whenDone: (entry: StoredEntry) => void) {
  const hash = crypto.createHash("sha256");
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      size += chunk.length;
      next(null, chunk);
    },
    flush(next) {
      whenDone({ path: entryPath, size, sha256: hash.digest("hex") });
      next();
    },
  });
}

/**
 * Writes one dated zip: a consistent online copy of the database (SQLite's backup API, or
 * pg_dump in one snapshot), every uploaded file, and manifest.json (rows per table, SHA-256 of
 * every entry, the migration level, the app version). Entries stream into the zip one at a
 * time; the archive gets its final name only once it is whole and on disk.
 */
export async function createBackup(options: BackupOptions): Promise<{ archive: string; manifest: Manifest }> {
  const log = options.log ?? console.log;
  const progress = progressLine("Backup", log, options.progressEveryMs);
  const createdAt = new Date();
  await fsp.mkdir(options.outDir, { recursive: true });
  const archive = path.join(options.outDir, archiveName(options.prefix ?? "chapter-backup", createdAt));
  const work = await fsp.mkdtemp(path.join(options.outDir, ".backup-"));
  try {
    const dialect = isPostgresUrl(options.databaseUrl) ? "postgres" : "sqlite";
    const databaseEntry = dialect === "sqlite" ? "database/chapter.db" : "database/chapter.pgdump";
    const databaseCopy = path.join(work, path.basename(databaseEntry));
    progress.update("copying the database");
    const contents: DatabaseContents =
      dialect === "sqlite"
        ? await copySqlite(options.databaseUrl, databaseCopy, (copied, total) => progress.update(`database ${percent(copied, total)}`))
        : await dumpPostgres(options.databaseUrl, databaseCopy);
    progress.update("database copied");

    // Listed after the copy: every file its rows name was stored before it (uploads store the
    // file, then record it), and a file added since is one more file, harmless.
    const uploads = options.bucket ? await listBucket(options.bucket) : await listUploads(options.uploadsDir);
    const totalBytes = uploads.reduce((sum, file) => sum + file.size, 0);
    const files: StoredEntry[] = [];
    const vanished: string[] = [];
    const listed = new Set(uploads.map((file) => file.key));
    for (const key of contents.storedKeys) if (!listed.has(key)) vanished.push(key);
    let database: StoredEntry | undefined;
    let filesDone = 0;
    let bytesDone = 0;

    const zip = new yazl.ZipFile();
    const partial = `${archive}.partial`;
    const written = pipeline(zip.outputStream, fs.createWriteStream(partial));
    written.catch(() => undefined); // awaited below; a failure is reported through `failed`
    const failed = new Promise<never>((_, reject) =>
      zip.on("error", (error: Error) => {
        reject(error);
        (zip.outputStream as Readable).destroy(error); // closes the .partial
      }),
    );

    zip.addReadStreamLazy(databaseEntry, { compress: true }, (callback) => {
      const source = fs.createReadStream(databaseCopy);
      source.on("error", (error) => zip.emit("error", error));
      callback(null, source.pipe(hashing(databaseEntry, (entry) => (database = entry))));
    });
    for (const upload of uploads) {
      const entryPath = `uploads/${upload.key}`;
      // Images and videos are compressed already: stored, not deflated again.
      zip.addReadStreamLazy(entryPath, { compress: false }, (callback) => {
        openUpload(options, upload.key).then(
          (source) => {
            if (!source) {
              vanished.push(upload.key); // deleted since it was listed
              return callback(null, Readable.from([]));
            }
            source.on("error", (error) => zip.emit("error", error));
            callback(
              null,
              source.pipe(
                hashing(entryPath, (entry) => {
                  files.push(entry);
                  filesDone += 1;
                  bytesDone += entry.size;
                  progress.update(`files ${filesDone} of ${uploads.length} (${formatBytes(bytesDone)} of ${formatBytes(totalBytes)})`);
                }),
              ),
            );
          },
          (error: Error) => callback(error, Readable.from([])),
        );
      });
    }
    let manifest: Manifest | undefined;
    // Last, so that it is built once every entry above has been read and hashed.
    zip.addReadStreamLazy(MANIFEST_ENTRY, (callback) => {
      manifest = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: createdAt.toISOString(),
        appVersion: appVersion(),
        database: { ...database!, dialect },
        migrationLevel: contents.migrations.at(-1) ?? null,
        migrations: contents.migrations,
        tables: contents.tables,
        files,
        vanished: [...new Set(vanished)].sort(),
      };
      callback(null, Readable.from([Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)]));
    });
    zip.end();
    await Promise.race([written, failed]);

    const handle = await fsp.open(partial, "r");
    await handle.sync();
    await handle.close();
    await fsp.rename(partial, archive);
    const size = (await fsp.stat(archive)).size;
    progress.done(
      `${archive} (${formatBytes(size)}): ${Object.keys(contents.tables).length} tables, ${dataRows(contents.tables)} rows, ` +
        `${files.length} files${manifest!.vanished.length ? `, ${manifest!.vanished.length} deleted while it ran` : ""}`,
    );
    return { archive, manifest: manifest! };
  } catch (error) {
    await fsp.rm(`${archive}.partial`, { force: true });
    throw error;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}
