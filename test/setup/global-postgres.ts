import type { TestProject } from "vitest/node";
import pg from "pg";
import { openDatabase } from "../../app/lib/db.server";
import { migrateToLatest } from "../../app/lib/migrate.server";

/**
 * TEST_DATABASE_URL names a PostgreSQL server (and a database on it that may be thrown away).
 * A template database is migrated once per run; each worker clones it per test file.
 */
export default async function setup(project: TestProject) {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const template = `chapter_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: base.href });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();

  const templateUrl = new URL(base.href);
  templateUrl.pathname = `/${template}`;
  const db = openDatabase(templateUrl.href);
  await migrateToLatest(db);
  await db.destroy();
  project.provide("databaseTemplate", { dialect: "postgres", url: templateUrl.href });

  return async () => {
    const cleanup = new pg.Client({ connectionString: base.href });
    await cleanup.connect();
    const { rows } = await cleanup.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [`${template}%`]);
    for (const row of rows.filter((r) => r.datname !== template)) {
      await cleanup.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    }
    await cleanup.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await cleanup.end();
  };
}
