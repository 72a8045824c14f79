import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../app/lib/db.server";
import { migrateToLatest } from "../../app/lib/migrate.server";
import { SQLITE_TEMPLATE, TMP } from "./paths";

/** Migrates one SQLite database; each worker copies it (test/setup/worker-db.ts). */
export default async function setup(project: TestProject) {
  fs.mkdirSync(TMP, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(SQLITE_TEMPLATE + suffix, { force: true });
  const db = openDatabase(SQLITE_TEMPLATE);
  await migrateToLatest(db);
  await db.destroy();
  project.provide("databaseTemplate", { dialect: "sqlite", url: SQLITE_TEMPLATE });
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: { dialect: "sqlite" | "postgres"; url: string };
  }
}
