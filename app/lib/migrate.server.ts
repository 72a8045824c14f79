import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";

// .js: the compiled copies `npm run build` writes to build/server/migrations for `npm start`.
const MIGRATION_FILE = /^\d{12}_[\w-]+\.(ts|js)$/;

/** Reads migrations/YYYYMMDDHHMM_what.ts (or .js); helpers in subfolders are not migrations. */
class MigrationFolder implements MigrationProvider {
  constructor(private folder: string) {}

  async getMigrations() {
    const files = (await fs.readdir(this.folder)).filter((name) => MIGRATION_FILE.test(name)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.(ts|js)$/, "")] = await import(pathToFileURL(path.join(this.folder, file)).href);
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>, folder = path.resolve("migrations")) {
  const migrator = new Migrator({ db, provider: new MigrationFolder(folder) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === "Error");
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}
