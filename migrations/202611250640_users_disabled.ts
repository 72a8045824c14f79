import { type Kysely, sql } from "kysely";

// The timeline leaves out the posts of disabled members with
// `author_id not in (select id from users where disabled_at is not null)`: without an index
// that subquery read every member (180 ms per home page with 100,000 members). Disabled
// members are few, so a partial index keeps just them.
export async function up(db: Kysely<any>) {
  await db.schema
    .createIndex("users_disabled")
    .on("users")
    .column("id")
    .where(sql.ref("disabled_at"), "is not", null)
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropIndex("users_disabled").execute();
}
