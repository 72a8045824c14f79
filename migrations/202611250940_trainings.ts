import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** Trainings that members offer to each other (SPEC.md §1 "Trainings", §3 Training), and who
 * registered for each. `taken` counts the registrations, so a place is held with one guarded
 * update (no oversell under concurrent registration, like an event's seats). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("trainings")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("trainer_name", "text", (col) => col.notNull())
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("duration_minutes", "integer", (col) => col.notNull().check(sql`duration_minutes > 0`))
    .addColumn("place", "text")
    .addColumn("online_link", "text")
    .addColumn("capacity", "integer", (col) => col.check(sql`capacity > 0`))
    .addColumn("taken", "integer", (col) => col.notNull().defaultTo(0).check(sql`taken >= 0`))
    .addColumn("image_id", "integer", (col) => col.references("files.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addCheckConstraint("trainings_place_or_link", sql`place is not null or online_link is not null`)
    .addCheckConstraint("trainings_within_capacity", sql`capacity is null or taken <= capacity`)
    .execute();
  await db.schema.createIndex("trainings_date").on("trainings").columns(["date", "start_time"]).execute();
  await db.schema.createIndex("trainings_member").on("trainings").column("member_id").execute();

  await db.schema
    .createTable("training_registrations")
    .addColumn("id", ...idColumn(db))
    .addColumn("training_id", "integer", (col) => col.notNull().references("trainings.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addUniqueConstraint("training_registrations_once", ["training_id", "member_id"])
    .execute();
  await db.schema.createIndex("training_registrations_member").on("training_registrations").column("member_id").execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("training_registrations").execute();
  await db.schema.dropTable("trainings").execute();
}
