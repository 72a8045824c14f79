import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { db, nowIso } from "../db.server";
import { clubTimeZone, databaseUrl, env, uploadsDir } from "../env.server";
import type { S3Storage } from "../s3-storage.server";
import { configuredBucket } from "../storage.server";
import { createBackup } from "./backup.server";

export const NIGHTLY_PREFIX = "chapter-nightly";
const CHECK_EVERY_MS = 60_000;
/** A .partial or working folder older than this is what a stopped run left behind. */
const STALE_PARTIAL_MS = 24 * 60 * 60 * 1000;

export type NightlySettings = {
  dir: string;
  keep: number;
  /** HH:MM in `timeZone`. */
  at: string;
  timeZone: string;
  databaseUrl: string;
  uploadsDir: string;
  /** The bucket the uploads are in, when S3_BUCKET sets one. */
  bucket?: S3Storage;
  /** Who runs it (host:pid), as recorded in backup_runs. */
  claimedBy: string;
  log?: (line: string) => void;
};

/** The date and the time of day (HH:MM) at `at` on the club's clock. */
export function clubClock(at: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return { night: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** Inserts the night's row: true for the one instance whose insert lands. */
export async function claimNight(night: string, claimedBy: string) {
  const result = await db
    .insertInto("backup_runs")
    .values({ night, claimed_by: claimedBy, started_at: nowIso(), finished_at: null, archive: null, error: null })
    .onConflict((conflict) => conflict.column("night").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Keeps the newest `keep` nightly archives in `dir` (manual backups are left alone). */
export async function pruneNightly(dir: string, keep: number) {
  const names = await fsp.readdir(dir);
  const archives = names.filter((name) => name.startsWith(`${NIGHTLY_PREFIX}-`) && name.endsWith(".zip")).sort();
  const removed = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of removed) await fsp.rm(path.join(dir, name), { force: true });
  // What a run stopped half-way left behind: its archive being written and its working folder.
  for (const name of names.filter((each) => (each.startsWith(`${NIGHTLY_PREFIX}-`) && each.endsWith(".zip.partial")) || each.startsWith(".backup-"))) {
    const { mtimeMs } = await fsp.stat(path.join(dir, name));
    if (Date.now() - mtimeMs > STALE_PARTIAL_MS) await fsp.rm(path.join(dir, name), { recursive: true, force: true });
  }
  return removed;
}

/**
 * Once BACKUP_AT has passed on the club's clock: claims tonight in the database and, if this
 * instance got it, writes the archive, records it and removes the oldest beyond BACKUP_KEEP.
 * A server started after BACKUP_AT backs up at once if nobody has that night.
 */
export async function runNightlyBackupIfDue(settings: NightlySettings, now = new Date()) {
  const log = settings.log ?? console.log;
  const { night, time } = clubClock(now, settings.timeZone);
  if (time < settings.at) return { night, outcome: "not due" as const };
  if (!(await claimNight(night, settings.claimedBy))) return { night, outcome: "taken" as const };
  try {
    const { archive } = await createBackup({
      databaseUrl: settings.databaseUrl,
      uploadsDir: settings.uploadsDir,
      bucket: settings.bucket,
      outDir: settings.dir,
      prefix: NIGHTLY_PREFIX,
      log,
    });
    await db.updateTable("backup_runs").set({ finished_at: nowIso(), archive }).where("night", "=", night).execute();
    const removed = await pruneNightly(settings.dir, settings.keep);
    if (removed.length) log(`Backup: removed ${removed.length} nightly backup(s) beyond the ${settings.keep} kept`);
    return { night, outcome: "done" as const, archive };
  } catch (error) {
    const message = (error as Error).message;
    console.error(`Nightly backup failed: ${message}`);
    await db.updateTable("backup_runs").set({ finished_at: nowIso(), error: message }).where("night", "=", night).execute();
    return { night, outcome: "failed" as const };
  }
}

/** Checks every minute while the server runs; off unless BACKUP_DIR is set. Returns a stop. */
export function scheduleNightlyBackups(): () => void {
  const config = env();
  if (!config.BACKUP_DIR) return () => undefined;
  const settings: NightlySettings = {
    dir: path.resolve(config.BACKUP_DIR),
    keep: config.BACKUP_KEEP,
    at: config.BACKUP_AT,
    timeZone: clubTimeZone(),
    databaseUrl: databaseUrl(),
    uploadsDir: uploadsDir(),
    bucket: configuredBucket(),
    claimedBy: `${os.hostname()}:${process.pid}`,
  };
  console.log(`Nightly backups at ${settings.at} (${settings.timeZone}) into ${settings.dir}, keeping ${settings.keep}`);
  let settled: string | undefined; // the night this instance has seen backed up or taken
  let running = false;
  async function check() {
    if (running || settled === clubClock(new Date(), settings.timeZone).night) return;
    running = true;
    try {
      const { night, outcome } = await runNightlyBackupIfDue(settings);
      if (outcome !== "not due") settled = night;
    } catch (error) {
      console.error("Nightly backup check failed:", error);
    } finally {
      running = false;
    }
  }
  const timer = setInterval(check, CHECK_EVERY_MS);
  timer.unref();
  void check();
  return () => clearInterval(timer);
}
