import type { Kysely } from "kysely";
import { idColumn } from "./support/dialect";

/** Calendar alerts: how many minutes before an alert-flagged occurrence a member is told (null:
 * the default), and one row per occurrence alerted, claimed before the notice is sent, so that
 * several instances running the same sweep send it once. */
export async function up(db: Kysely<any>) {
  await db.schema.alterTable("users").addColumn("calendar_alert_minutes", "integer").execute();
  await db.schema
    .createTable("calendar_alerts_sent")
    .addColumn("id", ...idColumn(db))
    .addColumn("task_id", "integer", (col) => col.notNull().references("calendar_tasks.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("date", "text", (col) => col.notNull())
    .addColumn("sent_at", "text", (col) => col.notNull())
    .addUniqueConstraint("calendar_alerts_sent_task_date", ["task_id", "date"])
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable("calendar_alerts_sent").execute();
  await db.schema.alterTable("users").dropColumn("calendar_alert_minutes").execute();
}
