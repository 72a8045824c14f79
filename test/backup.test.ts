import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { afterEach, describe, expect, test } from "vitest";
import yazl from "yazl";
import { createBackup } from "~/lib/backup/backup.server";
import { claimNight, pruneNightly, runNightlyBackupIfDue } from "~/lib/backup/nightly.server";
import { RestoreRefused, restoreBackup } from "~/lib/backup/restore.server";
import type { Manifest } from "~/lib/backup/manifest.server";
import { db, openDatabase } from "~/lib/db.server";
import { databaseUrl, uploadsDir } from "~/lib/env.server";
import { migrateToLatest } from "~/lib/migrate.server";
import { receiveUpload } from "~/lib/uploads.server";
import { BASE, contactOf, createSignedInMember } from "./helpers";
import { cleanups, emptyInstall, postgres, work } from "./backup-fixtures";
import { unzip } from "./zip";

const quiet = () => undefined;

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(uploadsDir(), { recursive: true, force: true });
});

async function uploadDocument(ownerId: number, name: string, text: string) {
  const body = new FormData();
  body.append("file", new File([text], name, { type: "text/plain" }));
  const result = await receiveUpload(new Request(`${BASE}/upload`, { method: "POST", body }), { kind: "contact_document", ownerId });
  if (!result.ok) throw new Error(result.error.message);
  return result.file!;
}

/** Rows per table, counted through kysely (not through the backup's own code). */
async function countRows(target: Kysely<any>, tables: string[]) {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await target
      .selectFrom(table)
      .select(sql<number>`count(*)`.as("rows"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.rows);
  }
  return counts;
}

function hashesUnder(root: string) {
  const found: Record<string, string> = {};
  if (!fs.existsSync(root)) return found;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === ".gitkeep") continue;
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(root, file).split(path.sep).join("/")] = crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
  }
  return found;
}

async function populatedBackup() {
  const owner = await createSignedInMember();
  for (let i = 0; i < 5; i += 1) await contactOf(owner, { name: `Before ${i}` });
  await uploadDocument(owner.id, "minutes.txt", "The minutes of the first meeting");
  const { archive, manifest } = await createBackup({ databaseUrl: databaseUrl(), uploadsDir: uploadsDir(), outDir: path.join(work, "out"), log: quiet });
  return { owner, archive, manifest };
}

/** The archive rewritten with its manifest changed (the entries' bytes unchanged). */
async function withManifest(archive: string, change: (manifest: Manifest) => void) {
  const entries = await unzip(fs.readFileSync(archive));
  const manifest = JSON.parse(entries.get("manifest.json")!.toString()) as Manifest;
  change(manifest);
  entries.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const target = archive.replace(/\.zip$/, "-changed.zip");
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  fs.writeFileSync(target, Buffer.concat(chunks));
  return target;
}

function expectNothingRestored(target: { databaseUrl: string; uploadsDir: string }) {
  expect(hashesUnder(target.uploadsDir)).toEqual({});
  if (!postgres) expect(fs.existsSync(target.databaseUrl)).toBe(false);
}

// pg_dump and pg_restore take a few seconds each on a busy machine.
describe("backup and restore", { timeout: 60_000 }, () => {
  test("a backup taken while members write restores into an empty install with the same rows and files", async () => {
    const owner = await createSignedInMember();
    for (let i = 0; i < 40; i += 1) await contactOf(owner, { name: `Contact ${i}` });
    for (let i = 0; i < 3; i += 1) await uploadDocument(owner.id, `notes-${i}.txt`, `Notes number ${i}\n`.repeat(200));
    const before = await db.selectFrom("contacts").select("id").execute();
    const filesBefore = hashesUnder(uploadsDir());

    // Writes go on, through the app's own connection, for as long as the backup runs.
    let backingUp = true;
    let writtenDuring = 0;
    const writer = (async () => {
      while (backingUp) {
        await contactOf(owner, { name: `During ${writtenDuring}` });
        if (writtenDuring % 10 === 0) await uploadDocument(owner.id, `during-${writtenDuring}.txt`, `written during the backup ${writtenDuring}`);
        writtenDuring += 1;
      }
    })();
    const { archive, manifest } = await createBackup({ databaseUrl: databaseUrl(), uploadsDir: uploadsDir(), outDir: path.join(work, "out"), log: quiet });
    backingUp = false;
    await writer;
    expect(writtenDuring).toBeGreaterThan(0);
    expect(path.basename(archive)).toMatch(/^chapter-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.zip$/);

    // The manifest: counts as of one moment between the first write and the last.
    const after = await countRows(db, ["contacts"]);
    expect(manifest.tables.contacts).toBeGreaterThanOrEqual(before.length);
    expect(manifest.tables.contacts).toBeLessThanOrEqual(after.contacts);
    expect(manifest.tables.users).toBe(1);
    expect(manifest.migrationLevel).toBe(manifest.migrations.at(-1));
    expect(manifest.migrationLevel).toMatch(/^\d{12}_/);
    expect(manifest.database.dialect).toBe(postgres ? "postgres" : "sqlite");
    expect(manifest.appVersion).toBe(JSON.parse(fs.readFileSync("package.json", "utf8")).version);
    for (const [key, hash] of Object.entries(filesBefore)) {
      expect(manifest.files).toContainEqual(expect.objectContaining({ path: `uploads/${key}`, sha256: hash }));
    }

    const target = await emptyInstall("restored");
    const restored = await restoreBackup(archive, { ...target, log: quiet });
    expect(restored.createdAt).toBe(manifest.createdAt);

    const copy = openDatabase(target.databaseUrl);
    try {
      expect(await countRows(copy, Object.keys(manifest.tables))).toEqual(manifest.tables);
      const ids = (await copy.selectFrom("contacts").select("id").execute()).map((row) => row.id);
      expect(ids).toEqual(expect.arrayContaining(before.map((row) => row.id)));
      // Every file the restored database names is there, whole.
      for (const file of await copy.selectFrom("files").select(["storage_key", "size"]).execute()) {
        expect(fs.statSync(path.join(target.uploadsDir, file.storage_key)).size).toBe(file.size);
      }
    } finally {
      await copy.destroy();
    }
    const restoredFiles = hashesUnder(target.uploadsDir);
    expect(restoredFiles).toEqual(Object.fromEntries(manifest.files.map((file) => [file.path.slice("uploads/".length), file.sha256])));
    expect(Object.keys(restoredFiles).length).toBeGreaterThanOrEqual(Object.keys(filesBefore).length);
  });

  test("a long run says how far it is (here: every update), then what it wrote", async () => {
    const owner = await createSignedInMember();
    for (let i = 0; i < 3; i += 1) await uploadDocument(owner.id, `page-${i}.txt`, `Page ${i}`);
    const lines: string[] = [];
    const { archive } = await createBackup({
      databaseUrl: databaseUrl(),
      uploadsDir: uploadsDir(),
      outDir: path.join(work, "out"),
      log: (line) => lines.push(line),
      progressEveryMs: 0,
    });
    expect(lines).toContain("Backup: database copied");
    expect(lines).toContain("Backup: files 3 of 3 (18 bytes of 18 bytes)");
    expect(lines.at(-1)).toMatch(new RegExp(`^Backup: ${archive.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(\\d+ KB\\): \\d+ tables, \\d+ rows, 3 files$`));
    const quiet: string[] = [];
    await createBackup({ databaseUrl: databaseUrl(), uploadsDir: uploadsDir(), outDir: path.join(work, "out2"), log: (line) => quiet.push(line) });
    expect(quiet).toHaveLength(1); // a short run prints only its result
  });

  test("a damaged archive is refused and nothing is restored", async () => {
    const { archive } = await populatedBackup();
    const target = await emptyInstall("damaged");

    const flipped = Buffer.from(fs.readFileSync(archive));
    flipped[Math.floor(flipped.length / 3)] ^= 0xff; // inside the database's bytes
    fs.writeFileSync(`${archive}.flipped.zip`, flipped);
    await expect(restoreBackup(`${archive}.flipped.zip`, { ...target, log: quiet })).rejects.toThrow(
      /is damaged: database\/chapter\.(db|pgdump) (does not match its manifest|cannot be read).*Nothing was restored\./,
    );
    expectNothingRestored(target);

    fs.writeFileSync(`${archive}.cut.zip`, fs.readFileSync(archive).subarray(0, 4000));
    await expect(restoreBackup(`${archive}.cut.zip`, { ...target, log: quiet })).rejects.toThrow(/is damaged: it cannot be read as a zip/);

    const lost = await withManifest(archive, (manifest) => {
      manifest.files[0].sha256 = "0".repeat(64);
    });
    await expect(restoreBackup(lost, { ...target, log: quiet })).rejects.toThrow(/is damaged: uploads\/.* does not match its manifest/);
    expectNothingRestored(target);
  });

  test("an archive from a newer Chapter (a migration this code does not have) is refused", async () => {
    const { archive } = await populatedBackup();
    const target = await emptyInstall("newer");
    const newer = await withManifest(archive, (manifest) => {
      manifest.migrations.push("209901010000_from_the_future");
      manifest.migrationLevel = "209901010000_from_the_future";
      manifest.appVersion = "9.0.0";
    });
    const refusal = restoreBackup(newer, { ...target, log: quiet });
    await expect(refusal).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refusal).rejects.toThrow(
      /made by a newer Chapter \(9\.0\.0\): its database is at migration 209901010000_from_the_future, and this code knows migrations up to \d{12}_\w+/,
    );
    expectNothingRestored(target);
  });

  test("a database or uploads folder that is not empty is replaced only with force", async () => {
    const { archive, manifest } = await populatedBackup();
    // The install itself is not empty.
    await expect(restoreBackup(archive, { databaseUrl: databaseUrl(), uploadsDir: uploadsDir(), log: quiet })).rejects.toThrow(
      /is not empty \(\d+ rows\)\. Restoring replaces it: run the restore again with --force/,
    );

    const target = await emptyInstall("forced");
    await restoreBackup(archive, { ...target, log: quiet });
    const copy = openDatabase(target.databaseUrl);
    try {
      const owner = await copy.selectFrom("users").select("id").executeTakeFirstOrThrow();
      await copy
        .insertInto("contacts")
        .values({ owner_id: owner.id, name: "Added later", is_important: 0, created_at: "2026-11-27T00:00:00Z", updated_at: "2026-11-27T00:00:00Z" } as never)
        .execute();
    } finally {
      await copy.destroy();
    }
    await expect(restoreBackup(archive, { ...target, log: quiet })).rejects.toThrow(/is not empty/);

    // An empty database beside uploads left behind is not an empty install either.
    const stray = await emptyInstall("stray");
    fs.mkdirSync(path.join(stray.uploadsDir, "post_media"), { recursive: true });
    fs.writeFileSync(path.join(stray.uploadsDir, "post_media", "left.jpg"), "left behind");
    await expect(restoreBackup(archive, { ...stray, log: quiet })).rejects.toThrow(/The uploads folder .* is not empty \(1 files\)/);

    // A fresh install, migrated and with a nightly backup's row, counts as empty.
    const fresh = await emptyInstall("fresh");
    const freshDb = openDatabase(fresh.databaseUrl);
    try {
      await migrateToLatest(freshDb);
      await freshDb
        .insertInto("backup_runs")
        .values({ night: "2026-11-27", claimed_by: "x", started_at: "2026-11-27T02:00:00Z", finished_at: null, archive: null, error: null })
        .execute();
    } finally {
      await freshDb.destroy();
    }
    await restoreBackup(archive, { ...fresh, log: quiet });

    await restoreBackup(archive, { ...target, force: true, log: quiet });
    const again = openDatabase(target.databaseUrl);
    try {
      expect(await countRows(again, Object.keys(manifest.tables))).toEqual(manifest.tables);
      expect(await again.selectFrom("contacts").where("name", "=", "Added later").select("id").execute()).toEqual([]);
      // The database's triggers came back with it: the kept contact count still follows.
      const owner = await again.selectFrom("users").select("id").executeTakeFirstOrThrow();
      const countOf = async () =>
        Number((await again.selectFrom("contact_counts").select("contacts").where("owner_id", "=", owner.id).executeTakeFirst())?.contacts ?? 0);
      const before = await countOf();
      await again
        .insertInto("contacts")
        .values({
          owner_id: owner.id,
          name: "After the restore",
          is_important: 0,
          created_at: "2026-11-27T00:00:00Z",
          updated_at: "2026-11-27T00:00:00Z",
        } as never)
        .execute();
      expect(await countOf()).toBe(before + 1);
    } finally {
      await again.destroy();
    }
  });

  test("a SQLite archive is not restored into PostgreSQL, nor the other way round", async () => {
    const { archive } = await populatedBackup();
    const other = await withManifest(archive, (manifest) => {
      manifest.database.dialect = postgres ? "sqlite" : "postgres";
    });
    const target = await emptyInstall("dialect");
    await expect(restoreBackup(other, { ...target, log: quiet })).rejects.toThrow(/restore it into the same kind of database/);
  });
});

describe("nightly backups", () => {
  const settings = () => ({
    dir: path.join(work, "nightly"),
    keep: 2,
    at: "02:00",
    timeZone: "Africa/Lagos",
    databaseUrl: databaseUrl(),
    uploadsDir: uploadsDir(),
    claimedBy: "first-instance",
    log: quiet,
  });

  test("run once a night, by the one instance that claims it, after BACKUP_AT on the club's clock", async () => {
    await createSignedInMember();
    // 00:30 UTC is 01:30 in Lagos: not yet.
    expect(await runNightlyBackupIfDue(settings(), new Date("2026-11-27T00:30:00Z"))).toEqual({ night: "2026-11-27", outcome: "not due" });
    const first = await runNightlyBackupIfDue(settings(), new Date("2026-11-27T01:10:00Z"));
    expect(first).toMatchObject({ night: "2026-11-27", outcome: "done" });
    // A second instance, or the same one restarted later that night, finds it taken.
    expect(await runNightlyBackupIfDue({ ...settings(), claimedBy: "second-instance" }, new Date("2026-11-27T03:00:00Z"))).toEqual({
      night: "2026-11-27",
      outcome: "taken",
    });
    expect(fs.readdirSync(settings().dir).filter((name) => name.endsWith(".zip"))).toHaveLength(1);
    const run = await db.selectFrom("backup_runs").selectAll().executeTakeFirstOrThrow();
    expect(run).toMatchObject({ night: "2026-11-27", claimed_by: "first-instance", archive: first.outcome === "done" ? first.archive : "" });
    expect(run.finished_at).not.toBeNull();
  });

  test("two instances claiming the same night at once: one gets it", async () => {
    const claims = await Promise.all([claimNight("2026-11-28", "a"), claimNight("2026-11-28", "b"), claimNight("2026-11-28", "c")]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  test("keep the newest BACKUP_KEEP nightly archives and leave manual backups alone", async () => {
    const dir = path.join(work, "kept");
    fs.mkdirSync(dir, { recursive: true });
    const names = ["2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"].map((night) => `chapter-nightly-${night}T02-00-00Z.zip`);
    for (const name of [...names, "chapter-backup-2026-11-01T10-00-00Z.zip"]) fs.writeFileSync(path.join(dir, name), "zip");
    // Left by runs stopped half-way: two days ago (removed) and now (perhaps still running).
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    fs.writeFileSync(path.join(dir, "chapter-nightly-2026-11-25T02-00-00Z.zip.partial"), "half");
    fs.mkdirSync(path.join(dir, ".backup-old"));
    for (const old of ["chapter-nightly-2026-11-25T02-00-00Z.zip.partial", ".backup-old"]) fs.utimesSync(path.join(dir, old), twoDaysAgo, twoDaysAgo);
    fs.writeFileSync(path.join(dir, "chapter-nightly-2026-11-28T02-00-00Z.zip.partial"), "being written");
    expect(await pruneNightly(dir, 2)).toEqual(names.slice(0, 2));
    expect(fs.readdirSync(dir).sort()).toEqual([
      "chapter-backup-2026-11-01T10-00-00Z.zip",
      ...names.slice(2),
      "chapter-nightly-2026-11-28T02-00-00Z.zip.partial",
    ]);
  });
});
