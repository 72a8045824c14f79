import { type Kysely, sql } from "kysely";

/**
 * Reactions on posts and on comments: a small fixed set (like, celebrate, insightful), one per
 * member per post or comment (the primary key), changed in place. They go with their post or
 * comment and with the member.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("post_reactions")
    .addColumn("post_id", "integer", (col) => col.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('like', 'celebrate', 'insightful')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("post_reactions_pkey", ["post_id", "member_id"])
    .execute();
  await db.schema.createIndex("post_reactions_member").on("post_reactions").column("member_id").execute();

  await db.schema
    .createTable("comment_reactions")
    .addColumn("comment_id", "integer", (col) => col.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('like', 'celebrate', 'insightful')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("comment_reactions_pkey", ["comment_id", "member_id"])
    .execute();
  await db.schema.createIndex("comment_reactions_member").on("comment_reactions").column("member_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("comment_reactions").execute();
  await db.schema.dropTable("post_reactions").execute();
}
