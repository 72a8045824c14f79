import { type Kysely, sql } from "kysely";

/**
 * The member directory (/user/members): a member may leave it (users.in_directory, 1 by
 * default: every member is in it until they say otherwise), and a friend request's
 * notification remembers how it was answered (notifications.outcome: "accepted", "declined"
 * or "withdrawn"; null while open or for other notifications).
 *
 * The directory lists members by name: a partial index over its members in that order reads
 * a page without sorting the club, on SQLite and PostgreSQL alike.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable("users")
    .addColumn("in_directory", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable("notifications").addColumn("outcome", "text").execute();
  await sql`create index users_directory on users (search_name, id) where in_directory = 1 and disabled_at is null and deleted_at is null`.execute(db);
}

export async function down(db: Kysely<any>) {
  await sql`drop index users_directory`.execute(db);
  await db.schema.alterTable("notifications").dropColumn("outcome").execute();
  await db.schema.alterTable("users").dropColumn("in_directory").execute();
}
