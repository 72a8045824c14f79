import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** A member's businesses, their goals, each goal's actions and each action's contents (the
 * dated log of what was done, with an optional link and attachment). Every row carries its
 * owner's id, so every query is scoped by it without a join. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("businesses")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("industry", "text")
    .addColumn("website", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("businesses_member").on("businesses").columns(["member_id", "name"]).execute();

  await db.schema
    .createTable("business_goals")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("business_id", "integer", (col) => col.notNull().references("businesses.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    // The measurable target, in the member's words ("20 new clients").
    .addColumn("target", "text")
    .addColumn("target_date", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("business_goals_business").on("business_goals").columns(["business_id"]).execute();

  await db.schema
    .createTable("goal_actions")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("goal_id", "integer", (col) => col.notNull().references("business_goals.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("due_date", "text")
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('pending', 'in_progress', 'done')`))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("goal_actions_goal").on("goal_actions").columns(["goal_id"]).execute();
  await db.schema.createIndex("goal_actions_member_due").on("goal_actions").columns(["member_id", "status", "due_date"]).execute();

  await db.schema
    .createTable("action_contents")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("action_id", "integer", (col) => col.notNull().references("goal_actions.id").onDelete("cascade"))
    .addColumn("noted_on", "text", (col) => col.notNull())
    .addColumn("note", "text", (col) => col.notNull())
    .addColumn("link", "text")
    .addColumn("file_id", "integer", (col) => col.references("files.id").onDelete("set null"))
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("action_contents_action").on("action_contents").columns(["action_id", "noted_on"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("action_contents").execute();
  await db.schema.dropTable("goal_actions").execute();
  await db.schema.dropTable("business_goals").execute();
  await db.schema.dropTable("businesses").execute();
}
