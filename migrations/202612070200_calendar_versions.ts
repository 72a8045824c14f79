import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/**
 * A token for the state of each member's calendar, replaced by the database whenever one of
 * their task groups or occurrence marks is added, changed or deleted. The calendar page and
 * feed keep what they worked out from a state under its token (app/features/calendar/kept.server.ts),
 * each server instance its own copy; a write through any instance, or by hand, gives a new
 * token, so every instance works it out again.
 *
 * Random rather than counted: SQLite gives a member id again once the highest one is deleted,
 * and a new member must never meet an old one's token. No row: the member has never had a
 * task (the rows of members who had are made below).
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("calendar_versions")
    .addColumn("member_id", "integer", (col) => col.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("version", "text", (col) => col.notNull())
    .execute();

  const tables = ["calendar_tasks", "calendar_occurrences"];
  if (isPostgres(db)) {
    // A delete only replaces a token that is there: deleting a member deletes their rows here
    // and in both tables, and a new row for them would refer to no member.
    await sql`create function calendar_versions_touch() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then
          update calendar_versions set version = substr(md5(random()::text || clock_timestamp()::text), 1, 16) where member_id = old.member_id;
        end if;
        if tg_op <> 'DELETE' then
          insert into calendar_versions (member_id, version) values (new.member_id, substr(md5(random()::text || clock_timestamp()::text), 1, 16))
            on conflict (member_id) do update set version = excluded.version;
        end if;
        return null;
      end $$`.execute(db);
    for (const table of tables) {
      await sql`create trigger ${sql.raw(`${table}_version`)} after insert or update or delete on ${sql.raw(table)}
        for each row execute function calendar_versions_touch()`.execute(db);
    }
  } else {
    const token = sql.raw("lower(hex(randomblob(8)))");
    const touched = (member: string) =>
      sql`insert into calendar_versions (member_id, version) values (${sql.raw(member)}, ${token})
        on conflict (member_id) do update set version = excluded.version;`;
    const replaced = (member: string) => sql`update calendar_versions set version = ${token} where member_id = ${sql.raw(member)};`;
    for (const table of tables) {
      await sql`create trigger ${sql.raw(`${table}_version_insert`)} after insert on ${sql.raw(table)} begin ${touched("new.member_id")} end`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_version_update`)} after update on ${sql.raw(table)}
        begin ${replaced("old.member_id")} ${touched("new.member_id")} end`.execute(db);
      await sql`create trigger ${sql.raw(`${table}_version_delete`)} after delete on ${sql.raw(table)} begin ${replaced("old.member_id")} end`.execute(db);
    }
  }

  const token = isPostgres(db) ? sql`substr(md5(random()::text || member_id::text), 1, 16)` : sql`lower(hex(randomblob(8)))`;
  await sql`insert into calendar_versions (member_id, version)
    select member_id, ${token} from (select member_id from calendar_tasks union select member_id from calendar_occurrences) as members`.execute(db);
}

export async function down(db: Kysely<any>) {
  for (const table of ["calendar_tasks", "calendar_occurrences"]) {
    if (isPostgres(db)) await sql`drop trigger ${sql.raw(`${table}_version`)} on ${sql.raw(table)}`.execute(db);
    else for (const when of ["insert", "update", "delete"]) await sql`drop trigger ${sql.raw(`${table}_version_${when}`)}`.execute(db);
  }
  if (isPostgres(db)) await sql`drop function calendar_versions_touch()`.execute(db);
  await db.schema.dropTable("calendar_versions").execute();
}
