import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/**
 * How many contacts each member has, kept by the database as contacts are added and removed.
 * The contact list shows the book's size on every page, and counting it was the list's one
 * query that grew with the book: 0.4 ms a page for 10,000 contacts, read one by one.
 *
 * SQLite keeps it with row triggers. PostgreSQL with statement triggers over the rows each
 * statement added or removed, so that an import of 10,000 contacts updates the count once,
 * not 10,000 times. A member without a row has no contacts.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("contact_counts")
    .addColumn("owner_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("contacts", "integer", (col) => col.notNull())
    .execute();

  if (isPostgres(db)) {
    await sql`create function contact_counts_added() returns trigger language plpgsql as $$
      begin
        insert into contact_counts (owner_id, contacts)
          select owner_id, count(*) from contact_counts_rows group by owner_id
          on conflict (owner_id) do update set contacts = contact_counts.contacts + excluded.contacts;
        return null;
      end $$`.execute(db);
    await sql`create function contact_counts_removed() returns trigger language plpgsql as $$
      begin
        update contact_counts set contacts = contact_counts.contacts - removed.contacts
          from (select owner_id, count(*) as contacts from contact_counts_rows group by owner_id) as removed
          where contact_counts.owner_id = removed.owner_id;
        return null;
      end $$`.execute(db);
    await sql`create trigger contact_counts_insert after insert on contacts
      referencing new table as contact_counts_rows for each statement execute function contact_counts_added()`.execute(db);
    await sql`create trigger contact_counts_delete after delete on contacts
      referencing old table as contact_counts_rows for each statement execute function contact_counts_removed()`.execute(db);
    // A contact moved to another member (nothing does so today): one row at a time.
    await sql`create function contact_counts_moved() returns trigger language plpgsql as $$
      begin
        update contact_counts set contacts = contacts - 1 where owner_id = old.owner_id;
        insert into contact_counts (owner_id, contacts) values (new.owner_id, 1)
          on conflict (owner_id) do update set contacts = contact_counts.contacts + 1;
        return null;
      end $$`.execute(db);
    await sql`create trigger contact_counts_move after update of owner_id on contacts
      for each row when (old.owner_id is distinct from new.owner_id) execute function contact_counts_moved()`.execute(db);
  } else {
    const added = (owner: string) =>
      sql`insert into contact_counts (owner_id, contacts) values (${sql.raw(owner)}, 1)
        on conflict (owner_id) do update set contacts = contacts + 1;`;
    const removed = (owner: string) => sql`update contact_counts set contacts = contacts - 1 where owner_id = ${sql.raw(owner)};`;
    await sql`create trigger contact_counts_insert after insert on contacts begin ${added("new.owner_id")} end`.execute(db);
    await sql`create trigger contact_counts_delete after delete on contacts begin ${removed("old.owner_id")} end`.execute(db);
    await sql`create trigger contact_counts_move after update of owner_id on contacts when old.owner_id is not new.owner_id
      begin ${removed("old.owner_id")} ${added("new.owner_id")} end`.execute(db);
  }

  await sql`insert into contact_counts (owner_id, contacts) select owner_id, count(*) from contacts group by owner_id`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const trigger of ["contact_counts_insert", "contact_counts_delete", "contact_counts_move"]) {
    await sql`drop trigger ${sql.raw(trigger)}${isPostgres(db) ? sql` on contacts` : sql``}`.execute(db);
  }
  if (isPostgres(db)) {
    for (const fn of ["contact_counts_added", "contact_counts_removed", "contact_counts_moved"]) await sql`drop function ${sql.raw(fn)}()`.execute(db);
  }
  await db.schema.dropTable("contact_counts").execute();
}
