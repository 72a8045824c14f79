import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import SQLite from "better-sqlite3";
import yauzl from "yauzl";
import { isPostgresUrl } from "../env.server";
import { formatBytes } from "../file-types";
import { migrationNames } from "../migrate.server";
import type { S3Storage } from "../s3-storage.server";
import { listBucket, listUploads } from "./backup.server";
import {
  copySqlite,
  type DatabaseContents,
  dataRows,
  postgresDatabaseContents,
  restorePostgres,
  sqliteContents,
  sqliteFileContents,
} from "./database-copy.server";
import { type Manifest, MANIFEST_ENTRY, ManifestSchema, type StoredEntry } from "./manifest.server";
import { progressLine } from "./progress.server";

/** A restore that was not started, with the reason for the person running it. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

export type RestoreOptions = {
  databaseUrl: string;
  uploadsDir: string;
  /** Set when the uploads are in an S3-compatible bucket (S3_BUCKET): they are put back there. */
  bucket?: S3Storage;
  /** Replace a database or uploads folder that is not empty. */
  force?: boolean;
  migrationsFolder?: string;
  log?: (line: string) => void;
  progressEveryMs?: number;
};

function damaged(archive: string, why: string) {
  return new RestoreRefused(`${archive} is damaged: ${why}. Nothing was restored.`);
}

class ZipReader {
  private constructor(
    private zip: yauzl.ZipFile,
    readonly entries: Map<string, yauzl.Entry>,
  ) {}

  static async open(file: string) {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, opened) => (error ? reject(error) : resolve(opened))),
    );
    const entries = new Map<string, yauzl.Entry>();
    await new Promise<void>((resolve, reject) => {
      zip.on("entry", (entry: yauzl.Entry) => {
        entries.set(entry.fileName, entry);
        zip.readEntry();
      });
      zip.on("end", resolve);
      zip.on("error", reject);
      zip.readEntry();
    });
    return new ZipReader(zip, entries);
  }

  stream(entry: yauzl.Entry) {
    return new Promise<NodeJS.ReadableStream>((resolve, reject) =>
      this.zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
    );
  }

  async text(entry: yauzl.Entry) {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(entry)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  }

  close() {
    this.zip.close();
  }
}

/** Reads and checks the archive's manifest; refuses what is not a whole Chapter backup. */
async function readManifest(archive: string, zip: ZipReader): Promise<Manifest> {
  const entry = zip.entries.get(MANIFEST_ENTRY);
  if (!entry) throw damaged(archive, `it has no ${MANIFEST_ENTRY} (it is not a Chapter backup, or it was cut short)`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await zip.text(entry));
  } catch (error) {
    throw damaged(archive, `its ${MANIFEST_ENTRY} cannot be read (${(error as Error).message})`);
  }
  const manifest = ManifestSchema.safeParse(parsed);
  if (!manifest.success) throw damaged(archive, `its ${MANIFEST_ENTRY} is not a Chapter backup manifest`);
  return manifest.data;
}

async function refuseUnknownMigrations(manifest: Manifest, folder?: string) {
  const known = await migrationNames(folder);
  const newest = known.at(-1) ?? "(none)";
  if (manifest.migrationLevel && manifest.migrationLevel > newest) {
    throw new RestoreRefused(
      `This archive was made by a newer Chapter (${manifest.appVersion}): its database is at migration ` +
        `${manifest.migrationLevel}, and this code knows migrations up to ${newest}. ` +
        `Restore it with that version of Chapter or a later one. Nothing was restored.`,
    );
  }
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length) {
    throw new RestoreRefused(
      `This archive's database has migrations this code does not have (${unknown.join(", ")}): ` +
        `it was made by another version of Chapter. Restore it with that version. Nothing was restored.`,
    );
  }
}

async function refuseNonEmpty(options: RestoreOptions, postgres: boolean) {
  const where = postgres ? "The PostgreSQL database in DATABASE_URL" : `The database ${options.databaseUrl}`;
  const current = postgres ? await postgresDatabaseContents(options.databaseUrl) : sqliteFileContents(options.databaseUrl);
  const rows = current ? dataRows(current.tables) : 0;
  if (rows > 0) {
    throw new RestoreRefused(
      `${where} is not empty (${rows} rows). Restoring replaces it: run the restore again with --force to do so ` + `(back it up first). Nothing was restored.`,
    );
  }
  const files = options.bucket ? await listBucket(options.bucket) : await listUploads(options.uploadsDir);
  if (files.length > 0) {
    const where = options.bucket ? `The bucket ${options.bucket.bucketName}` : `The uploads folder ${options.uploadsDir}`;
    throw new RestoreRefused(
      `${where} is not empty (${files.length} files). Restoring replaces it: ` +
        `run the restore again with --force to do so (back it up first). Nothing was restored.`,
    );
  }
}

function safeEntryPath(entryPath: string, prefix: string) {
  const parts = entryPath.split("/");
  return entryPath.startsWith(prefix) && !parts.some((part) => part === "" || part === "." || part === "..");
}

/** Writes one entry to `target`, checking its size and SHA-256 against the manifest. */
async function extractChecked(archive: string, zip: ZipReader, expected: StoredEntry, target: string) {
  const entry = zip.entries.get(expected.path);
  if (!entry) throw damaged(archive, `${expected.path} is listed in its manifest but missing`);
  await fsp.mkdir(path.dirname(target), { recursive: true });
  const hash = crypto.createHash("sha256");
  let size = 0;
  const counting = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      hash.update(chunk);
      size += chunk.length;
      next(null, chunk);
    },
  });
  try {
    await pipeline(await zip.stream(entry), counting, fs.createWriteStream(target));
  } catch (error) {
    throw damaged(archive, `${expected.path} cannot be read (${(error as Error).message})`);
  }
  if (size !== expected.size || hash.digest("hex") !== expected.sha256) {
    throw damaged(archive, `${expected.path} does not match its manifest (its size or SHA-256 differs)`);
  }
}

/** Moves the staged uploads into the folder, emptied first with `force`. */
async function moveIntoFolder(uploadsDir: string, stagedUploads: string, force: boolean) {
  await fsp.mkdir(uploadsDir, { recursive: true });
  if (force) {
    for (const name of await fsp.readdir(uploadsDir)) {
      if (name !== ".gitkeep") await fsp.rm(path.join(uploadsDir, name), { recursive: true, force: true });
    }
  }
  if (fs.existsSync(stagedUploads)) {
    for (const name of await fsp.readdir(stagedUploads)) await fsp.rename(path.join(stagedUploads, name), path.join(uploadsDir, name));
  }
}

/** Puts the staged uploads into the bucket under their keys; with `force`, the bucket's other
 * files are removed first. */
async function putIntoBucket(bucket: S3Storage, stagedUploads: string, files: StoredEntry[], force: boolean) {
  if (force) for (const { key } of await listBucket(bucket)) await bucket.remove(key);
  for (const file of files) {
    const key = file.path.slice("uploads/".length);
    await bucket.putFile(key, path.join(stagedUploads, key));
  }
}

function rowDifferences(expected: Record<string, number>, actual: DatabaseContents) {
  const names = new Set([...Object.keys(expected), ...Object.keys(actual.tables)]);
  return [...names]
    .filter((name) => expected[name] !== actual.tables[name])
    .map((name) => `${name}: ${actual.tables[name] ?? "missing"} rows, the manifest says ${expected[name] ?? "none"}`);
}

/**
 * Brings an install back to an archive written by createBackup: checks the manifest (format,
 * migration level, kind of database), refuses to replace a database or uploads folder that is
 * not empty unless `force`, extracts every entry checking its SHA-256, checks the database's
 * rows per table, and only then replaces the database and moves the files into place.
 */
export async function restoreBackup(archive: string, options: RestoreOptions) {
  const log = options.log ?? console.log;
  const progress = progressLine("Restore", log, options.progressEveryMs);
  let zip: ZipReader;
  try {
    zip = await ZipReader.open(archive);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new RestoreRefused(`There is no archive at ${archive}.`);
    throw damaged(archive, `it cannot be read as a zip (${(error as Error).message})`);
  }
  const uploadsDir = path.resolve(options.uploadsDir);
  let stage: string | undefined;
  try {
    const manifest = await readManifest(archive, zip);
    await refuseUnknownMigrations(manifest, options.migrationsFolder);
    const postgres = isPostgresUrl(options.databaseUrl);
    if ((manifest.database.dialect === "postgres") !== postgres) {
      throw new RestoreRefused(
        `This archive holds a ${manifest.database.dialect === "postgres" ? "PostgreSQL" : "SQLite"} database, and DATABASE_URL names ` +
          `${postgres ? "PostgreSQL" : "a SQLite file"}: restore it into the same kind of database. Nothing was restored.`,
      );
    }
    if (!options.force) await refuseNonEmpty(options, postgres);
    if (!safeEntryPath(manifest.database.path, "database/") || manifest.files.some((file) => !safeEntryPath(file.path, "uploads/"))) {
      throw damaged(archive, "its manifest names a path outside database/ and uploads/");
    }

    await fsp.mkdir(path.dirname(uploadsDir), { recursive: true });
    stage = await fsp.mkdtemp(path.join(path.dirname(uploadsDir), ".chapter-restore-"));
    const stagedDatabase = path.join(stage, manifest.database.path);
    await extractChecked(archive, zip, manifest.database, stagedDatabase);
    let bytes = 0;
    for (const [index, file] of manifest.files.entries()) {
      await extractChecked(archive, zip, file, path.join(stage, file.path));
      bytes += file.size;
      progress.update(`checked ${index + 1} of ${manifest.files.length} files (${formatBytes(bytes)})`);
    }

    if (!postgres) {
      const staged = new SQLite(stagedDatabase, { fileMustExist: true });
      try {
        const check = staged.pragma("integrity_check", { simple: true });
        if (check !== "ok") throw damaged(archive, `its database fails SQLite's integrity check (${String(check)})`);
        const differences = rowDifferences(manifest.tables, sqliteContents(staged));
        if (differences.length) throw damaged(archive, `its database does not hold the rows its manifest counts (${differences.join("; ")})`);
      } finally {
        staged.close();
      }
      await fsp.mkdir(path.dirname(path.resolve(options.databaseUrl)), { recursive: true });
      await copySqlite(stagedDatabase, options.databaseUrl);
    } else {
      const restored = await restorePostgres(options.databaseUrl, stagedDatabase);
      const differences = rowDifferences(manifest.tables, restored);
      if (differences.length) throw new Error(`The restored database does not hold the rows the manifest counts: ${differences.join("; ")}`);
    }

    const stagedUploads = path.join(stage, "uploads");
    if (options.bucket) {
      await putIntoBucket(options.bucket, stagedUploads, manifest.files, Boolean(options.force));
    } else {
      await moveIntoFolder(uploadsDir, stagedUploads, Boolean(options.force));
    }
    progress.done(
      `${archive} restored (made ${manifest.createdAt} by Chapter ${manifest.appVersion}): ${dataRows(manifest.tables)} rows in ` +
        `${Object.keys(manifest.tables).length} tables, ${manifest.files.length} files, migration ${manifest.migrationLevel ?? "none"}`,
    );
    return manifest;
  } finally {
    zip.close();
    if (stage) await fsp.rm(stage, { recursive: true, force: true });
  }
}
