import type { Kysely } from "kysely";

// A member who deletes their account leaves a placeholder account behind, "A former member",
// which keeps what others and the club keep (payments, comments on others' posts, tickets to
// others' events); deleted_at marks it, so that it is never listed as a member.
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("deleted_at", "text").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("users").dropColumn("deleted_at").execute();
}
