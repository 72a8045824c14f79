import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { databaseUrl, isPostgresUrl } from "~/lib/env.server";
import { TMP } from "./setup/paths";

export const postgres = isPostgresUrl(databaseUrl());
/** This worker's folder for archives and restored installs; emptied after each test. */
export const work = path.join(TMP, `backup-${postgres ? "pg" : "sqlite"}-${process.env.VITEST_POOL_ID ?? "1"}`);
/** Run (and emptied) after each test by the file that uses emptyInstall. */
export const cleanups: (() => Promise<void>)[] = [];

/** An empty install to restore into: a fresh SQLite path, or a new PostgreSQL database. */
export async function emptyInstall(name: string) {
  const dir = path.join(work, name);
  fs.mkdirSync(dir, { recursive: true });
  if (!postgres) return { databaseUrl: path.join(dir, "chapter.db"), uploadsDir: path.join(dir, "uploads") };
  const url = new URL(databaseUrl());
  const database = `${url.pathname.slice(1)}_${name}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  cleanups.push(async () => {
    const cleanup = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await cleanup.end();
  });
  url.pathname = `/${database}`;
  return { databaseUrl: url.href, uploadsDir: path.join(dir, "uploads") };
}
