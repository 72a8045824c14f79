import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterAll, expect, test } from "vitest";
import { TMP } from "../setup/paths";
import { startServer, stopServer } from "./global-server";

// The server itself runs the nightly backup when BACKUP_DIR is set: past BACKUP_AT it claims
// the night and writes the archive; started again the same night, it finds the night taken.

const dataDir = path.join(TMP, "nightly-data");
const backupDir = path.join(TMP, "nightly-backups");
const config = { BACKUP_DIR: backupDir, BACKUP_AT: "00:00", BACKUP_KEEP: "3", CLUB_TIME_ZONE: "UTC" };
let running: Awaited<ReturnType<typeof startServer>> | undefined;

afterAll(async () => {
  if (running) await stopServer(running.child);
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** The archives once a backup is over: its working folder is removed after the archive gets its
 * name, and a server stopped in between leaves the folder behind (a flake seen in CI). */
async function archivesWithin(ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const names = fs.existsSync(backupDir) ? fs.readdirSync(backupDir) : [];
    const archives = names.filter((name) => name.endsWith(".zip"));
    if ((archives.length && archives.length === names.length) || Date.now() > deadline) return archives;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("the server backs up once a night into BACKUP_DIR, and a restart the same night does not back up again", async () => {
  fs.rmSync(backupDir, { recursive: true, force: true });
  running = await startServer(dataDir, config);
  const archives = await archivesWithin(30_000);
  expect(archives).toEqual([expect.stringMatching(/^chapter-nightly-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip$/)]);
  expect(running.output()).toMatch(/Nightly backups at 00:00 \(UTC\) into .*nightly-backups, keeping 3/);
  await stopServer(running.child);

  running = await startServer(dataDir, config, { fresh: false });
  // Its first check runs as it starts: a second backup would have begun by now (its working
  // folder and .partial appear as soon as the night is claimed).
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  expect(fs.readdirSync(backupDir)).toEqual(archives);

  const database = new SQLite(path.join(dataDir, "chapter.db"), { readonly: true });
  try {
    const runs = database.prepare("select night, archive, finished_at, error from backup_runs").all() as Record<string, string | null>[];
    expect(runs).toEqual([
      { night: new Date().toISOString().slice(0, 10), archive: path.join(backupDir, archives[0]), finished_at: expect.any(String), error: null },
    ]);
  } finally {
    database.close();
  }
});
