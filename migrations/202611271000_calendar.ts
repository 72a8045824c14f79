import { type Kysely, sql } from "kysely";
import { idColumn } from "./support/dialect";

/** The calendar (SPEC.md §1 Planning, §3 Calendar task): a member's task groups — a task's
 * series or a single appointment — with the recurrence as fields the form writes back (the
 * occurrences are computed with rrule for the range asked, never stored), times as the member's
 * wall clock ("YYYY-MM-DD", "HH:MM") in the zone they had when they created it; a row per
 * occurrence only once it is completed or cancelled; the member's own categories. */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable("calendar_categories")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("name", "text", (col) => col.notNull())
    .addUniqueConstraint("calendar_categories_member_name", ["member_id", "name"])
    .execute();

  await db.schema
    .createTable("calendar_tasks")
    .addColumn("id", ...idColumn(db))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (col) => col.notNull().check(sql`kind in ('task', 'appointment')`))
    .addColumn("title", "text", (col) => col.notNull())
    .addColumn("category", "text")
    .addColumn("recurrence", "text", (col) => col.notNull().check(sql`recurrence in ('none', 'daily', 'weekly', 'biweekly', 'monthly', 'yearly')`))
    // weekly and biweekly: "MO,WE"; monthly: a day of the month (-1 the last) or the nth
    // (-1 the last) weekday; yearly: a month and day.
    .addColumn("weekdays", "text")
    .addColumn("month_day", "integer")
    .addColumn("month_nth", "integer")
    .addColumn("month_weekday", "text")
    .addColumn("year_month", "integer")
    .addColumn("year_day", "integer")
    .addColumn("start_date", "text", (col) => col.notNull())
    .addColumn("start_time", "text", (col) => col.notNull())
    .addColumn("end_time", "text", (col) => col.notNull())
    .addColumn("until_date", "text")
    .addColumn("occurrence_count", "integer")
    .addColumn("time_zone", "text", (col) => col.notNull())
    .addColumn("priority", "integer", (col) => col.notNull().check(sql`priority between 1 and 10`))
    .addColumn("alert", "integer", (col) => col.notNull().defaultTo(0))
    .addColumn("place", "text")
    .addColumn("person", "text")
    .addColumn("description", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("updated_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("calendar_tasks_member").on("calendar_tasks").columns(["member_id", "start_date"]).execute();

  await db.schema
    .createTable("calendar_occurrences")
    .addColumn("id", ...idColumn(db))
    .addColumn("task_id", "integer", (col) => col.notNull().references("calendar_tasks.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("status", "text", (col) => col.notNull().check(sql`status in ('completed', 'cancelled')`))
    .addColumn("updated_at", "text", (col) => col.notNull())
    .addUniqueConstraint("calendar_occurrences_task_date", ["task_id", "date"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("calendar_occurrences").execute();
  await db.schema.dropTable("calendar_tasks").execute();
  await db.schema.dropTable("calendar_categories").execute();
}
