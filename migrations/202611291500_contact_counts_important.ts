import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/**
 * How many of each member's contacts are marked important, kept beside the book's size
 * (migrations/202611280900_contact_counts.ts). "Only important" with a place or business
 * search decides from it how to read the matches (contacts.server.ts, searchIndexOf); counting
 * it was a query of its own on every such page (~0.1 ms for 1,000 of 10,000 contacts).
 *
 * The triggers of 202611280900 are replaced by ones that keep both counts, and one more
 * follows a contact marked or unmarked. On PostgreSQL the functions are replaced in place (the
 * statement triggers over the rows stay), and the mark has a row trigger: transition tables
 * cannot be given to a trigger on one column's updates.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("contact_counts")
    .addColumn("important", "integer", (col) => col.notNull().defaultTo(0))
    .execute();

  if (isPostgres(db)) {
    await sql`create or replace function contact_counts_added() returns trigger language plpgsql as $$
      begin
        insert into contact_counts (owner_id, contacts, important)
          select owner_id, count(*), count(*) filter (where is_important = 1) from contact_counts_rows group by owner_id
          on conflict (owner_id) do update
            set contacts = contact_counts.contacts + excluded.contacts, important = contact_counts.important + excluded.important;
        return null;
      end $$`.execute(db);
    await sql`create or replace function contact_counts_removed() returns trigger language plpgsql as $$
      begin
        update contact_counts set contacts = contact_counts.contacts - removed.contacts, important = contact_counts.important - removed.important
          from (select owner_id, count(*) as contacts, count(*) filter (where is_important = 1) as important
                from contact_counts_rows group by owner_id) as removed
          where contact_counts.owner_id = removed.owner_id;
        return null;
      end $$`.execute(db);
    await sql`create or replace function contact_counts_moved() returns trigger language plpgsql as $$
      begin
        update contact_counts set contacts = contacts - 1, important = important - (old.is_important = 1)::int where owner_id = old.owner_id;
        insert into contact_counts (owner_id, contacts, important) values (new.owner_id, 1, (new.is_important = 1)::int)
          on conflict (owner_id) do update set contacts = contact_counts.contacts + 1, important = contact_counts.important + excluded.important;
        return null;
      end $$`.execute(db);
    await sql`create function contact_counts_marked() returns trigger language plpgsql as $$
      begin
        update contact_counts set important = important + (new.is_important = 1)::int - (old.is_important = 1)::int where owner_id = new.owner_id;
        return null;
      end $$`.execute(db);
    await sql`create trigger contact_counts_mark after update of is_important on contacts for each row
      when (old.owner_id is not distinct from new.owner_id and (old.is_important = 1) is distinct from (new.is_important = 1))
      execute function contact_counts_marked()`.execute(db);
  } else {
    for (const trigger of [
      "contact_counts_insert",
      "contact_counts_delete",
      "contact_counts_move",
    ])
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    const added = (row: string) =>
      sql`insert into contact_counts (owner_id, contacts, important) values (${sql.raw(
        row
      )}.owner_id, 1, ${sql.raw(row)}.is_important = 1)
        on conflict (owner_id) do update set contacts = contacts + 1, important = important + excluded.important;`;
    const removed = (row: string) =>
      sql`update contact_counts set contacts = contacts - 1, important = important - (${sql.raw(
        row
      )}.is_important = 1) where owner_id = ${sql.raw(row)}.owner_id;`;
    await sql`create trigger contact_counts_insert after insert on contacts begin ${added(
      "new"
    )} end`.execute(db);
    await sql`create trigger contact_counts_delete after delete on contacts begin ${removed(
      "old"
    )} end`.execute(db);
    await sql`create trigger contact_counts_move after update of owner_id on contacts when old.owner_id is not new.owner_id
      begin ${removed("old")} ${added("new")} end`.execute(db);
    await sql`create trigger contact_counts_mark after update of is_important on contacts
      when old.owner_id is new.owner_id and (old.is_important = 1) is not (new.is_important = 1)
      begin update contact_counts set important = important + (new.is_important = 1) - (old.is_important = 1) where owner_id = new.owner_id; end`.execute(
      db
    );
  }

  await sql`update contact_counts set important = (select count(*) from contacts where contacts.owner_id = contact_counts.owner_id and contacts.is_important = 1)`.execute(
    db
  );
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) {
    await sql`drop trigger contact_counts_mark on contacts`.execute(db);
    await sql`drop function contact_counts_marked()`.execute(db);
    await sql`create or replace function contact_counts_added() returns trigger language plpgsql as $$
      begin
        insert into contact_counts (owner_id, contacts)
          select owner_id, count(*) from contact_counts_rows group by owner_id
          on conflict (owner_id) do update set contacts = contact_counts.contacts + excluded.contacts;
        return null;
      end $$`.execute(db);
    await sql`create or replace function contact_counts_removed() returns trigger language plpgsql as $$
      begin
        update contact_counts set contacts = contact_counts.contacts - removed.contacts
          from (select owner_id, count(*) as contacts from contact_counts_rows group by owner_id) as removed
          where contact_counts.owner_id = removed.owner_id;
        return null;
      end $$`.execute(db);
    await sql`create or replace function contact_counts_moved() returns trigger language plpgsql as $$
      begin
        update contact_counts set contacts = contacts - 1 where owner_id = old.owner_id;
        insert into contact_counts (owner_id, contacts) values (new.owner_id, 1)
          on conflict (owner_id) do update set contacts = contact_counts.contacts + 1;
        return null;
      end $$`.execute(db);
  } else {
    for (const trigger of [
      "contact_counts_insert",
      "contact_counts_delete",
      "contact_counts_move",
      "contact_counts_mark",
    ]) {
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    }
    const added = (owner: string) =>
      sql`insert into contact_counts (owner_id, contacts) values (${sql.raw(
        owner
      )}, 1)
        on conflict (owner_id) do update set contacts = contacts + 1;`;
    const removed = (owner: string) =>
      sql`update contact_counts set contacts = contacts - 1 where owner_id = ${sql.raw(
        owner
      )};`;
    await sql`create trigger contact_counts_insert after insert on contacts begin ${added(
      "new.owner_id"
    )} end`.execute(db);
    await sql`create trigger contact_counts_delete after delete on contacts begin ${removed(
      "old.owner_id"
    )} end`.execute(db);
    await sql`create trigger contact_counts_move after update of owner_id on contacts when old.owner_id is not new.owner_id
      begin ${removed("old.owner_id")} ${added("new.owner_id")} end`.execute(
      db
    );
  }
  await db.schema
    .alterTable("contact_counts")
    .dropColumn("important")
    .execute();
}
