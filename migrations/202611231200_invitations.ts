import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

/** SPEC.md §3 Invite: a member invites one of their contacts to join Chapter by e-mail. One
 * row per contact: it is a draft (an image chosen, nothing sent: sent_at null) until the
 * first e-mail goes out; re-inviting replaces the token and counts. Only a hash of the token
 * is kept, so the database alone cannot be used to accept an invitation. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("invitations")
    .addColumn("id", ...idColumn(db))
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("contact_id", "integer", (col) => col.notNull().unique().references("contacts.id").onDelete("cascade"))
    .addColumn("email", "text")
    .addColumn("name", "text")
    .addColumn("message", "text")
    .addColumn("image_id", "integer", (col) => col.references("files.id").onDelete("set null"))
    .addColumn("token_hash", "text", (col) => col.unique())
    .addColumn("sent_at", "text")
    .addColumn("resent_count", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("accepted_at", "text")
    .addColumn("accepted_member_id", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("invitations_owner_email").on("invitations").columns(["owner_id", "email"]).execute();
  await db.schema.createIndex("invitations_email").on("invitations").column("email").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("invitations").execute();
}
