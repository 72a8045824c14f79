import fs from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Kysely, type Migration, type MigrationProvider, Migrator } from "kysely";

// .js: the compiled copies `npm run build` writes to build/server/migrations for `npm start`.
const MIGRATION_FILE = /^\d{12}_[\w-]+\.(ts|js)$/;
const MIGRATION_EXTENSION = /\.(ts|js)$/;

/** Reads migrations/YYYYMMDDHHMM_what.ts (or .js); helpers in subfolders are not migrations. */
class MigrationFolder implements MigrationProvider {
  constructor(private folder: string) {}

  async getMigrations() {
    const migrations: Record<string, Migration> = {};
    for (const file of await migrationFiles(this.folder)) {
      migrations[file.replace(MIGRATION_EXTENSION, "")] = await import(pathToFileURL(path.join(this.folder, file)).href);
    }
    return migrations;
  }
}

async function migrationFiles(folder: string) {
  return (await fs.readdir(folder)).filter((name) => MIGRATION_FILE.test(name)).sort();
}

/** The names of the code's migrations, oldest first ("202611221200_contacts"). */
export async function migrationNames(folder = path.resolve("migrations")) {
  return (await migrationFiles(folder)).map((file) => file.replace(MIGRATION_EXTENSION, ""));
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
