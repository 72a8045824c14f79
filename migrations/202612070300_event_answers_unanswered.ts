import { type Kysely, sql } from "kysely";
import { isPostgres } from "./support/dialect";

/**
 * An event's two questions are answered one at a time (SPEC.md §4: Interested / Not interested,
 * Going / Not going), so each answer may be missing: null in event_statuses.interested and
 * .going is "not answered", 0 "no", 1 "yes". Both columns were not null with 0 as default, so
 * answering only Interested stored going = 0 and the event showed "Not going" pressed.
 *
 * Rows already there cannot tell a "no" from a default. A row whose other answer is a "yes"
 * was most likely written by that answer alone (Interested only, or Going only), so its 0 turns
 * to null: the member then sees the question unanswered and can answer it, and no count
 * changes (every count reads = 1). A row with both at 0 keeps them (a "no" was given).
 *
 * SQLite cannot drop a NOT NULL: the table is rebuilt (no other table refers to it).
 */
export async function up(db: Kysely<any>) {
  if (isPostgres(db)) {
    for (const column of ["interested", "going"]) {
      await db.schema
        .alterTable("event_statuses")
        .alterColumn(column, (col) => col.dropNotNull())
        .execute();
      await db.schema
        .alterTable("event_statuses")
        .alterColumn(column, (col) => col.dropDefault())
        .execute();
    }
  } else {
    await rebuild(db, { notNull: false });
  }
  await db.updateTable("event_statuses").set({ going: null }).where("going", "=", 0).where("interested", "=", 1).execute();
  await db.updateTable("event_statuses").set({ interested: null }).where("interested", "=", 0).where("going", "=", 1).execute();
}

export async function down(db: Kysely<any>) {
  await db.updateTable("event_statuses").set({ going: 0 }).where("going", "is", null).execute();
  await db.updateTable("event_statuses").set({ interested: 0 }).where("interested", "is", null).execute();
  if (isPostgres(db)) {
    for (const column of ["interested", "going"]) {
      await db.schema
        .alterTable("event_statuses")
        .alterColumn(column, (col) => col.setDefault(0))
        .execute();
      await db.schema
        .alterTable("event_statuses")
        .alterColumn(column, (col) => col.setNotNull())
        .execute();
    }
  } else {
    await rebuild(db, { notNull: true });
  }
}

/** SQLite: the table again with its answers nullable (or not null, default 0, as before), its rows copied over. */
async function rebuild(db: Kysely<any>, { notNull }: { notNull: boolean }) {
  await db.schema
    .createTable("event_statuses_rebuilt")
    .addColumn("event_id", "integer", (col) => col.notNull().references("events.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("interested", "integer", (col) => (notNull ? col.notNull().defaultTo(0) : col))
    .addColumn("going", "integer", (col) => (notNull ? col.notNull().defaultTo(0) : col))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("event_statuses_pk", ["event_id", "member_id"])
    .execute();
  await sql`insert into event_statuses_rebuilt (event_id, member_id, interested, going, updated_at)
    select event_id, member_id, interested, going, updated_at from event_statuses`.execute(db);
  await db.schema.dropTable("event_statuses").execute();
  await db.schema.alterTable("event_statuses_rebuilt").renameTo("event_statuses").execute();
  await db.schema.createIndex("event_statuses_member").on("event_statuses").columns(["member_id"]).execute();
}
