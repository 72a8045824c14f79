import { type Kysely, type RawBuilder, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/**
 * The contact list's searches (contacts.server.ts) compared lower(column) with a pattern on
 * every contact of the member: five columns lower-cased per row for a text search, SQLite's
 * lower() being a JavaScript function (Unicode, as PostgreSQL's). Each search now reads one
 * column the database keeps lower-cased: the text search's fields, the meet place, and the
 * business fields, each field on a line of its own. On SQLite, indexes that hold the column
 * let a search read them instead of the rows.
 *
 * The dialects differ here because SQLite cannot add a stored generated column to a table
 * (ALTER TABLE adds virtual ones only, computed on every read, which is the cost we remove),
 * and PostgreSQL has no trigger without a function: so SQLite keeps the columns with
 * triggers, and PostgreSQL computes them as stored generated columns.
 */
const SEARCH_COLUMNS = {
  search_text: ["name", "email", "phone", "occupation", "city"],
  search_place: ["meet_place"],
  search_business: ["company", "industry", "business_type"],
} as const;

/** Each field lower-cased, on a line of its own ('' for a missing one). */
function lowered(fields: readonly string[], row = "") {
  return sql.join(
    fields.map((field) => sql`lower(coalesce(${sql.raw(row)}${sql.ref(field)}, ''))`),
    sql.raw(" || '\n' || "),
  ) as RawBuilder<string>;
}

export async function up(db: Kysely<any>) {
  if (isPostgres(db)) {
    for (const [column, fields] of Object.entries(SEARCH_COLUMNS)) {
      await db.schema
        .alterTable("contacts")
        .addColumn(column, "text", (col) => col.notNull().generatedAlwaysAs(lowered(fields)).stored())
        .execute();
    }
    return;
  }
  for (const column of Object.keys(SEARCH_COLUMNS)) {
    await db.schema
      .alterTable("contacts")
      .addColumn(column, "text", (col) => col.notNull().defaultTo(""))
      .execute();
  }
  const assignments = (row: string) =>
    sql.join(
      Object.entries(SEARCH_COLUMNS).map(([column, fields]) => sql`${sql.ref(column)} = ${lowered(fields, row)}`),
      sql`, `,
    );
  const watched = sql.join(Object.values(SEARCH_COLUMNS).flat().map((field) => sql.ref(field)));
  await sql`create trigger contacts_search_insert after insert on contacts begin
    update contacts set ${assignments("new.")} where id = new.id;
  end`.execute(db);
  await sql`create trigger contacts_search_update after update of ${watched} on contacts begin
    update contacts set ${assignments("new.")} where id = new.id;
  end`.execute(db);
  await sql`update contacts set ${assignments("")}`.execute(db);
  // Covering each search, with "important only" (the text search also reads the phone: a
  // number typed as digits).
  await db.schema.createIndex("contacts_owner_search_text").on("contacts").columns(["owner_id", "search_text", "phone", "is_important"]).execute();
  await db.schema.createIndex("contacts_owner_search_place").on("contacts").columns(["owner_id", "search_place", "is_important"]).execute();
  await db.schema.createIndex("contacts_owner_search_business").on("contacts").columns(["owner_id", "search_business", "is_important"]).execute();
}

export async function down(db: Kysely<any>) {
  if (!isPostgres(db)) {
    await db.schema.dropIndex("contacts_owner_search_business").execute();
    await db.schema.dropIndex("contacts_owner_search_place").execute();
    await db.schema.dropIndex("contacts_owner_search_text").execute();
    await sql`drop trigger contacts_search_update`.execute(db);
    await sql`drop trigger contacts_search_insert`.execute(db);
  }
  for (const column of Object.keys(SEARCH_COLUMNS)) await db.schema.alterTable("contacts").dropColumn(column).execute();
}
