import { RestoreRefused, restoreBackup } from "../app/lib/backup/restore.server.ts";
import { configuredBucket } from "../app/lib/storage.server.ts";
import { databaseUrl, uploadsDir } from "../app/lib/env.server.ts";

// npm run restore -- ARCHIVE [--force]: brings this install (DATABASE_URL, UPLOADS_DIR) back
// to an archive written by npm run backup. Stop the server first. See docs/operations.md.
const args = process.argv.slice(2);
const archive = args.find((arg) => !arg.startsWith("--"));
if (!archive) {
  console.error("Usage: npm run restore -- ARCHIVE.zip [--force]");
  process.exit(2);
}
try {
  // `npm run restore ARCHIVE --force` (without the --) gives --force to npm, which passes it on
  // as npm_config_force.
  const force = args.includes("--force") || process.env.npm_config_force === "true";
  await restoreBackup(archive, { databaseUrl: databaseUrl(), uploadsDir: uploadsDir(), bucket: configuredBucket(), force });
} catch (error) {
  console.error(error instanceof RestoreRefused ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
