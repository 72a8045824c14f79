import path from "node:path";
import { createBackup } from "../app/lib/backup/backup.server.ts";
import { configuredBucket } from "../app/lib/storage.server.ts";
import { databaseUrl, env, uploadsDir } from "../app/lib/env.server.ts";

// npm run backup [-- --out DIR]: one dated archive of the database and the uploads, while the
// app keeps serving. See docs/operations.md.
const outAt = process.argv.indexOf("--out");
const outDir = outAt > 0 ? process.argv[outAt + 1] : (env().BACKUP_DIR ?? "./backups");
try {
  await createBackup({ databaseUrl: databaseUrl(), uploadsDir: uploadsDir(), bucket: configuredBucket(), outDir: path.resolve(outDir) });
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
