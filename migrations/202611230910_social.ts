import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** Timeline and social (SPEC.md §1 Timeline and Social): friendships and requests, posts with
 * their files, comments, one-to-one chat messages, and in-app notifications. */
export async function up(db: Kysely<any>) {
  // One row per pair and direction of asking; status accepted makes them friends.
  await db.schema
    .createTable("friendships")
    .addColumn("id", ...idColumn(db))
    .addColumn("requester_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("addressee_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'accepted')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("accepted_at", "text")
    .addUniqueConstraint("friendships_pair", ["requester_id", "addressee_id"])
    .execute();
  await db.schema.createIndex("friendships_addressee").on("friendships").columns(["addressee_id", "status"]).execute();

  await db.schema
    .createTable("posts")
    .addColumn("id", ...idColumn(db))
    .addColumn("author_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("message", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("privacy", "text", (col) => col.notNull().check(sql`privacy in ('public', 'friends', 'private')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("posts_author").on("posts").columns(["author_id", "id"]).execute();
  await db.schema.createIndex("posts_privacy").on("posts").columns(["privacy", "id"]).execute();

  await db.schema
    .createTable("post_files")
    .addColumn("post_id", "integer", (col) => col.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (col) => col.notNull().unique().references("files.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("post_files_post").on("post_files").columns(["post_id"]).execute();

  await db.schema
    .createTable("comments")
    .addColumn("id", ...idColumn(db))
    .addColumn("post_id", "integer", (col) => col.notNull().references("posts.id").onDelete("cascade"))
    .addColumn("author_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("comments_post").on("comments").columns(["post_id", "id"]).execute();

  await db.schema
    .createTable("chat_messages")
    .addColumn("id", ...idColumn(db))
    .addColumn("sender_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("recipient_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema
    .createIndex("chat_messages_recipient")
    .on("chat_messages")
    .columns(["recipient_id", "sender_id", "id"])
    .execute();
  await db.schema.createIndex("chat_messages_sender").on("chat_messages").columns(["sender_id", "recipient_id", "id"]).execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("link_url", "text")
    .addColumn("actor_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema.createIndex("notifications_member").on("notifications").columns(["member_id", "id"]).execute();

  // Members can turn off the e-mail that accompanies an in-app notification.
  await db.schema
    .alterTable("users")
    .addColumn("email_notifications", "integer", (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable("users").dropColumn("email_notifications").execute();
  for (const table of ["notifications", "chat_messages", "comments", "post_files", "posts", "friendships"]) {
    await db.schema.dropTable(table).execute();
  }
}
