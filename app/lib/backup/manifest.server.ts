import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/** The archive's table of contents, its last entry: written once every other entry is. */
export const MANIFEST_ENTRY = "manifest.json";
export const FORMAT = "chapter-backup";
export const FORMAT_VERSION = 1;

const StoredEntry = z.object({
  /** The entry's path in the archive. */
  path: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type StoredEntry = z.infer<typeof StoredEntry>;

export const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  createdAt: z.string(),
  appVersion: z.string(),
  database: StoredEntry.extend({ dialect: z.enum(["sqlite", "postgres"]) }),
  /** The newest migration applied to the copied database: the code that restores it must know it. */
  migrationLevel: z.string().nullable(),
  migrations: z.array(z.string()),
  /** Rows per table in the copied database, as of the copy. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  /** Every uploaded file, under uploads/ by its storage key. */
  files: z.array(StoredEntry),
  /** Files listed by the database that were deleted before the copy reached them. */
  vanished: z.array(z.string()),
});
export type Manifest = z.infer<typeof ManifestSchema>;

export function appVersion() {
  try {
    return (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? "unknown";
  } catch {
    return "unknown";
  }
}

/** "chapter-backup-2026-11-27T02-00-05Z.zip": sorts by date, and is a valid name everywhere. */
export function archiveName(prefix: string, at: Date) {
  return `${prefix}-${at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-")}.zip`;
}
