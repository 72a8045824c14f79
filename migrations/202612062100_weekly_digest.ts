import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

/** The weekly digest e-mail: the day the club sends it (null: Monday; "off": not sent), each
 * member's choice (1: send it), and one row per member and week, claimed before the e-mail is
 * built, so that several instances running the same sweep send it once. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("club_settings").addColumn("digest_day", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("weekly_digest", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable("weekly_digests")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    /** The club's date of the digest day ("YYYY-MM-DD"). */
    .addColumn("week", "text", (col) => col.notNull())
    .addColumn("sent_at", "text", (col) => col.notNull())
    .addUniqueConstraint("weekly_digests_member_week", ["member_id", "week"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("weekly_digests").execute();
  await db.schema.alterTable("users").dropColumn("weekly_digest").execute();
  await db.schema.alterTable("club_settings").dropColumn("digest_day").execute();
}
