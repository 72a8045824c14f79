import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/**
 * An index of the contacts' search columns by every three letters (SQLite's FTS5 with its
 * trigram tokenizer), so that a search of three letters or more reads the contacts that hold
 * them, not each of the member's 10,000 index entries (2.4 ms a search for that book).
 *
 * The row of `contacts_search` is the contact's id; its columns are the three search columns
 * as they stand (migrations/202611250910_contacts_search.ts), case kept: they are lower-case
 * already, and a search is lower-cased the same way, so the index matches exactly what `like`
 * matched. Contentless (it keeps no copy of the text), with deletes by row: the triggers write
 * it whenever the search columns are written (a new contact's too: its insert trigger fills
 * them) and delete a contact's row with it.
 *
 * PostgreSQL keeps scanning the columns (contacts.server.ts says why).
 */
export async function up(db: Kysely<any>) {
  if (isPostgres(db)) return;
  await sql`create virtual table contacts_search using fts5(
    search_text, search_place, search_business,
    content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  await sql`create trigger contacts_search_index after update of search_text, search_place, search_business on contacts begin
    insert or replace into contacts_search (rowid, search_text, search_place, search_business)
      values (new.id, new.search_text, new.search_place, new.search_business);
  end`.execute(db);
  await sql`create trigger contacts_search_unindex after delete on contacts begin
    delete from contacts_search where rowid = old.id;
  end`.execute(db);
  await sql`insert into contacts_search (rowid, search_text, search_place, search_business)
    select id, search_text, search_place, search_business from contacts`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) return;
  await sql`drop trigger contacts_search_unindex`.execute(db);
  await sql`drop trigger contacts_search_index`.execute(db);
  await sql`drop table contacts_search`.execute(db);
}
