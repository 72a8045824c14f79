import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** Events, members' interest and going status, tickets (general and VIP), ticket invitations,
 * and offers (products) with their images and interest (SPEC.md §1 Events and Offers). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("events")
    .addColumn("id", ...idColumn(db))
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text")
    // Wall-clock times at the venue (YYYY-MM-DDTHH:MM) and the venue's IANA time zone.
    .addColumn("starts_at", "text", (col) => col.notNull())
    .addColumn("ends_at", "text", (col) => col.notNull())
    .addColumn("time_zone", "text", (col) => col.notNull().defaultTo("UTC"))
    .addColumn("venue", "text")
    .addColumn("country", "text")
    .addColumn("province", "text")
    .addColumn("city", "text")
    .addColumn("image_id", "integer", (col) => col.references("files.id").onDelete("set null"))
    // Null amount: that ticket type is free. Null capacity: that type is not offered.
    .addColumn("general_amount_cents", "integer")
    .addColumn("vip_amount_cents", "integer")
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("general_capacity", "integer")
    .addColumn("vip_capacity", "integer")
    // Seats held (issued tickets and pending paid ones); raised only by a conditional
    // UPDATE … WHERE taken < capacity, so capacity holds across connections and instances.
    .addColumn("general_taken", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("vip_taken", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("events_starts").on("events").columns(["starts_at"]).execute();
  await db.schema.createIndex("events_owner").on("events").columns(["owner_id", "starts_at"]).execute();

  await db.schema
    .createTable("event_statuses")
    .addColumn("event_id", "integer", (col) => col.notNull().references("events.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("interested", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("going", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("event_statuses_pk", ["event_id", "member_id"])
    .execute();
  await db.schema.createIndex("event_statuses_member").on("event_statuses").columns(["member_id"]).execute();

  await db.schema
    .createTable("tickets")
    .addColumn("id", ...idColumn(db))
    .addColumn("event_id", "integer", (col) => col.notNull().references("events.id").onDelete("cascade"))
    .addColumn("ticket_type", "text", (col) => col.notNull().check(sql`ticket_type in ('general', 'vip')`))
    // Random and unguessable: shown as text and QR code, checked in by the organiser.
    .addColumn("code", "text", (col) => col.notNull().unique())
    // A member's ticket, or one sent to a contact (holder_id null, contact and e-mail set).
    .addColumn("holder_id", "integer", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("contact_id", "integer", (col) => col.references("contacts.id").onDelete("set null"))
    .addColumn("holder_name", "text")
    .addColumn("holder_email", "text")
    .addColumn("issued_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("payment_id", "integer", (col) => col.references("payments.id"))
    .addColumn("amount_cents", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'issued', 'cancelled')`))
    .addColumn("checked_in_at", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("issued_at", "text")
    .execute();
  await db.schema.createIndex("tickets_event").on("tickets").columns(["event_id", "status"]).execute();
  await db.schema.createIndex("tickets_holder").on("tickets").columns(["holder_id"]).execute();
  await db.schema.createIndex("tickets_payment").on("tickets").columns(["payment_id"]).execute();

  await db.schema
    .createTable("ticket_invitations")
    .addColumn("id", ...idColumn(db))
    .addColumn("event_id", "integer", (col) => col.notNull().references("events.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ticket_type", "text", (col) => col.notNull().check(sql`ticket_type in ('general', 'vip')`))
    .addColumn("invited_by", "integer", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("status", "text", (col) =>
      col.notNull().check(sql`status in ('invited', 'accepted', 'declined')`),
    )
    .addColumn("ticket_id", "integer", (col) => col.references("tickets.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("responded_at", "text")
    .addUniqueConstraint("ticket_invitations_event_member", ["event_id", "member_id"])
    .execute();
  await db.schema.createIndex("ticket_invitations_member").on("ticket_invitations").columns(["member_id"]).execute();

  await db.schema
    .createTable("products")
    .addColumn("id", ...idColumn(db))
    .addColumn("owner_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("price_cents", "integer")
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("event_id", "integer", (col) => col.references("events.id").onDelete("set null"))
    // Random and unguessable: the public non-member view's address.
    .addColumn("public_token", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("products_event").on("products").columns(["event_id"]).execute();
  await db.schema.createIndex("products_owner").on("products").columns(["owner_id"]).execute();

  await db.schema
    .createTable("product_images")
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("file_id", "integer", (col) => col.notNull().unique().references("files.id").onDelete("cascade"))
    .addColumn("position", "integer", (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex("product_images_product").on("product_images").columns(["product_id"]).execute();

  await db.schema
    .createTable("product_statuses")
    .addColumn("product_id", "integer", (col) => col.notNull().references("products.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("interested", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addPrimaryKeyConstraint("product_statuses_pk", ["product_id", "member_id"])
    .execute();
}

export async function down(db: Kysely<any>) {
  for (const table of [
    "product_statuses",
    "product_images",
    "products",
    "ticket_invitations",
    "tickets",
    "event_statuses",
    "events",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
