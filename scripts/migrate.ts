import { db } from "../app/lib/db.server.ts";
import { databaseUrl, isPostgresUrl } from "../app/lib/env.server.ts";
import { migrateToLatest } from "../app/lib/migrate.server.ts";

const applied = await migrateToLatest(db);
const where = isPostgresUrl(databaseUrl()) ? "PostgreSQL" : databaseUrl();
console.log(applied.length ? `Applied ${applied.join(", ")} to ${where}` : `${where} is up to date`);
await db.destroy();
