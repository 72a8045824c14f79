import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/**
 * An index of the contacts' search columns by every three letters (SQLite's FTS5 with its
 * trigram tokenizer), so that a search of three letters or more reads the member's contacts
 * that hold them, not each of the member's 10,000 index entries.
 *
 * An FTS5 table is found by its text only, so each contact's row in it is keyed by its owner
 * and its id, `(owner_id << 32) + id`: a member's rows are one range of keys, which a search
 * reads alone (a search over the whole club's books, then each contact looked up for its
 * owner, was slower than the scan for a term common in the club: 50 ms against 1 for one of
 * ten books of 10,000). Its columns are the three search columns as they stand
 * (migrations/202611250910_contacts_search.ts), case kept: they are lower-case already and a
 * search is lower-cased the same way, so the index matches exactly what `like` matched.
 * Contentless (it keeps no copy of the text), with deletes by key: the triggers write a row
 * whenever the search columns are written (a new contact's too: its insert trigger fills
 * them), move it with its contact, and delete it with its contact.
 *
 * PostgreSQL keeps scanning the columns (contacts.server.ts).
 */
export async function up(db: Kysely<any>) {
  if (isPostgres(db)) return;
  await sql`create virtual table contacts_search using fts5(
    search_text, search_place, search_business,
    content = '', contentless_delete = 1, tokenize = 'trigram case_sensitive 1'
  )`.execute(db);
  await sql`create trigger contacts_search_index after update of search_text, search_place, search_business on contacts begin
    insert or replace into contacts_search (rowid, search_text, search_place, search_business)
      values ((new.owner_id << 32) + new.id, new.search_text, new.search_place, new.search_business);
  end`.execute(db);
  // A contact moved to another member (nothing does so today).
  await sql`create trigger contacts_search_move after update of owner_id on contacts when old.owner_id <> new.owner_id begin
    delete from contacts_search where rowid = (old.owner_id << 32) + old.id;
    insert into contacts_search (rowid, search_text, search_place, search_business)
      values ((new.owner_id << 32) + new.id, new.search_text, new.search_place, new.search_business);
  end`.execute(db);
  await sql`create trigger contacts_search_unindex after delete on contacts begin
    delete from contacts_search where rowid = (old.owner_id << 32) + old.id;
  end`.execute(db);
  await sql`insert into contacts_search (rowid, search_text, search_place, search_business)
    select (owner_id << 32) + id, search_text, search_place, search_business from contacts`.execute(db);
}

export async function down(db: Kysely<any>) {
  if (isPostgres(db)) return;
  await sql`drop trigger contacts_search_unindex`.execute(db);
  await sql`drop trigger contacts_search_move`.execute(db);
  await sql`drop trigger contacts_search_index`.execute(db);
  await sql`drop table contacts_search`.execute(db);
}
