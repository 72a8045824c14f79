import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

const COLUMNS = ["search_text", "search_place", "search_business"] as const;

/**
 * PostgreSQL's twin of the trigram index SQLite has for the contact searches
 * (202611281500_contacts_search_index.ts): a GIN index of each search column by pg_trgm's
 * trigrams, which PostgreSQL uses for the same `like '%…%'` (contacts.server.ts) when the search
 * has three letters or more and is rare enough. A member's search of 10,000 contacts for
 * "okafor" (576 matches): its count 5.1 → 0.3 ms, a search matching one contact 8 → 0.2 ms.
 *
 * pg_trgm ships with PostgreSQL and is a trusted extension (13 and later): the owner of the
 * database may create it. Where the database's user may not, the searches keep scanning as
 * before, and the warning printed says how to add the indexes afterwards (README, "Running on
 * PostgreSQL"). SQLite has its own index.
 */
export async function up(db: Kysely<any>) {
  if (!isPostgres(db)) return;
  // Inside the migrations' transaction: a failed statement would abort it whole.
  await sql`savepoint contacts_trigrams`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
  } catch (error) {
    await sql`rollback to savepoint contacts_trigrams`.execute(db);
    console.warn(
      `Contact searches will scan: the extension pg_trgm could not be created (${error instanceof Error ? error.message : String(error)}). ` +
        "To add the indexes, run as a superuser in this database: `create extension pg_trgm;` and, for each of search_text, search_place and " +
        "search_business, `create index contacts_<column>_trigrams on contacts using gin (<column> gin_trgm_ops);` (README, Running on PostgreSQL).",
    );
    return;
  }
  await sql`release savepoint contacts_trigrams`.execute(db);
  for (const column of COLUMNS) {
    await sql`create index if not exists ${sql.id(`contacts_${column}_trigrams`)} on contacts using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
  }
}

export async function down(db: Kysely<any>) {
  if (!isPostgres(db)) return;
  for (const column of COLUMNS) await sql`drop index if exists ${sql.id(`contacts_${column}_trigrams`)}`.execute(db);
}
