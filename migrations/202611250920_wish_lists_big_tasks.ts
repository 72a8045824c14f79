import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** Planning: the member's wish list (things to have, do, be, travel to, learn) and big tasks
 * (the large tasks of a year), each the member's own (SPEC.md §1 Planning, §3). */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("wish_list_items")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("type", "text", (col) => col.notNull().check(sql`type in ('have', 'do', 'be', 'travel', 'learn')`))
    .addColumn("target_year", "integer", (col) => col.notNull())
    .addColumn("target_date", "text")
    .addColumn("cost_cents", "integer", (col) => col.check(sql`cost_cents >= 0`))
    .addColumn("currency", "text", (col) => col.notNull())
    .addColumn("image_id", "integer", (col) => col.references("files.id").onDelete("set null"))
    .addColumn("notes", "text")
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("open").check(sql`status in ('open', 'in_progress', 'achieved', 'dropped')`),
    )
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("wish_list_items_member_year").on("wish_list_items").columns(["member_id", "target_year"]).execute();

  await db.schema
    .createTable("big_tasks")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("description", "text")
    .addColumn("priority", "integer", (col) => col.notNull().check(sql`priority between 1 and 10`))
    .addColumn("year", "integer", (col) => col.notNull())
    .addColumn("due_date", "text")
    .addColumn("status", "text", (col) =>
      col.notNull().defaultTo("pending").check(sql`status in ('pending', 'in_progress', 'done', 'dropped')`),
    )
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("big_tasks_member_year").on("big_tasks").columns(["member_id", "year"]).execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("big_tasks").execute();
  await db.schema.dropTable("wish_list_items").execute();
}
