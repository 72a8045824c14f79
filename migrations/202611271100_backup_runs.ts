import type { Kysely } from "kysely";

// One row per night's backup: the instance that inserts it runs that night's backup, so with
// several instances on one database it runs once.
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("backup_runs")
    .addColumn("night", "text", (col) => col.primaryKey())
    .addColumn("claimed_by", "text", (col) => col.notNull())
    .addColumn("started_at", "text", (col) => col.notNull())
    .addColumn("finished_at", "text")
    .addColumn("archive", "text")
    .addColumn("error", "text")
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("backup_runs").execute();
}
