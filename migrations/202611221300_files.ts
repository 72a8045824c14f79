import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("files")
    .addColumn("id", ...idColumn(db))
    .addColumn("token", "text", (col) => col.notNull().unique())
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("original_name", "text", (col) => col.notNull())
    .addColumn("media_type", "text", (col) => col.notNull())
    .addColumn("size", "integer", (col) => col.notNull())
    .addColumn("width", "integer")
    .addColumn("height", "integer")
    .addColumn("storage_key", "text", (col) => col.notNull())
    .addColumn("thumbnail_key", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("files_owner_kind").on("files").columns(["owner_id", "kind"]).execute();

  await db.schema
    .alterTable("users")
    .addColumn("profile_image_id", "integer", (col) => col.references("files.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("cover_image_id", "integer", (col) => col.references("files.id").onDelete("set null"))
    .execute();

  await db.schema
    .createTable("announcements")
    .addColumn("id", ...idColumn(db))
    .addColumn("message", "text", (col) => col.notNull())
    .addColumn("link_url", "text")
    .addColumn("starts_at", "text", (col) => col.notNull())
    .addColumn("ends_at", "text")
    .addColumn("created_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("announcements_starts_at").on("announcements").column("starts_at").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("announcements").execute();
  await db.schema.alterTable("users").dropColumn("cover_image_id").execute();
  await db.schema.alterTable("users").dropColumn("profile_image_id").execute();
  await db.schema.dropTable("files").execute();
}
