import { sql } from "kysely";
import { compiledOnce, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { sendMail } from "~/lib/mail.server";
import type { Payment } from "~/lib/payments/payments.server";
import { packageLabel, type Period } from "./packages";

const DAY = 86_400_000;
export const REMINDER_DAYS_BEFORE_END = 7;

export function today(now = new Date()) {
  return now.toISOString().slice(0, 10);
}

function addDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The last day of a membership starting on `start`: a month or a year, inclusive. */
export function periodEnd(start: string, period: Period) {
  const date = new Date(`${start}T00:00:00Z`);
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  const target = period === "annual" ? new Date(Date.UTC(year + 1, month, 1)) : new Date(Date.UTC(year, month + 1, 1));
  // Clamp: 31 January + one month ends on the last day of February, not in March (and not
  // the day before it: the next period starts on 1 March).
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  if (day > lastDay) {
    target.setUTCDate(lastDay);
    return target.toISOString().slice(0, 10);
  }
  target.setUTCDate(day);
  return addDays(target.toISOString().slice(0, 10), -1);
}

/** Memberships of a member, newest first. */
export async function membershipsOf(memberId: number) {
  return db.selectFrom("memberships").selectAll().where("member_id", "=", memberId).orderBy("ends_on", "desc").execute();
}

const membershipsFrom = compiledOnce((memberId: number, on: string) =>
  db.selectFrom("memberships").selectAll().where("member_id", "=", memberId).where("ends_on", ">=", on).orderBy("starts_on", "asc"),
);

/** The membership in force today, with the date the member is covered until (paid
 * extensions included), or null. */
export async function currentMembership(memberId: number, on = today()) {
  const rows = await rowsOf(membershipsFrom(memberId, on));
  const current = rows.find((row) => row.starts_on <= on);
  if (!current) return null;
  return { ...current, coveredUntil: rows[rows.length - 1].ends_on, label: packageLabel(current.package) };
}

/** The member's latest membership payments, newest first (the membership page lists them). */
export async function membershipPaymentsOf(memberId: number, limit = 50) {
  return db
    .selectFrom("payments")
    .select(["reference", "description", "amount_cents", "currency", "provider", "status", "created_at", "paid_at"])
    .where("member_id", "=", memberId)
    .where("purpose", "=", "membership")
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
}

/** Package badges of the members in force today, by member id (for lists). */
export async function membershipBadges(memberIds: number[], on = today()) {
  if (memberIds.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom("memberships")
    .select(["member_id", "package"])
    .where("member_id", "in", memberIds)
    .where("starts_on", "<=", on)
    .where("ends_on", ">=", on)
    .execute();
  return new Map(rows.map((row) => [row.member_id, packageLabel(row.package)]));
}

/**
 * Turns a paid membership payment into a membership. Paying again extends: the new period
 * starts the day after the member's last paid day. One membership per payment (unique), so
 * fulfilling twice adds nothing.
 */
export async function activateMembership(payment: Payment) {
  await db.transaction().execute(async (trx) => {
    // One activation per member at a time (a row lock on PostgreSQL; SQLite runs one
    // transaction at a time): two payments confirmed at once queue one after the other
    // instead of both starting the day after the same last day.
    await trx
      .updateTable("users")
      .set((eb) => ({ updated_at: eb.ref("updated_at") }))
      .where("id", "=", payment.member_id)
      .execute();
    const existing = await trx.selectFrom("memberships").select("id").where("payment_id", "=", payment.id).executeTakeFirst();
    if (existing) return;
    const latest = await trx
      .selectFrom("memberships")
      .select((eb) => eb.fn.max("ends_on").as("ends_on"))
      .where("member_id", "=", payment.member_id)
      .executeTakeFirst();
    const from = today();
    const startsOn = latest?.ends_on && latest.ends_on >= from ? addDays(latest.ends_on, 1) : from;
    const period = (payment.period ?? "monthly") as Period;
    await trx
      .insertInto("memberships")
      .values({
        member_id: payment.member_id,
        package: payment.item,
        period,
        starts_on: startsOn,
        ends_on: periodEnd(startsOn, period),
        payment_id: payment.id,
        reminder_sent_at: null,
        created_at: nowIso(),
      })
      .onConflict((conflict) => conflict.column("payment_id").doNothing())
      .execute();
  });
}

/**
 * E-mails members whose membership ends within a week and who have not paid beyond it. Each
 * membership is claimed by one update before its mail goes out, so several instances
 * running this at once send it once.
 */
export async function sendExpiryReminders(now = new Date()) {
  const from = today(now);
  const until = addDays(from, REMINDER_DAYS_BEFORE_END);
  const due = await db
    .selectFrom("memberships as m")
    .innerJoin("users", "users.id", "m.member_id")
    .select(["m.id", "m.package", "m.ends_on", "users.name", "users.email"])
    .where("m.ends_on", ">=", from)
    .where("m.ends_on", "<=", until)
    .where("m.reminder_sent_at", "is", null)
    .where("users.disabled_at", "is", null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("memberships as later")
            .select(sql<number>`1`.as("one"))
            .whereRef("later.member_id", "=", "m.member_id")
            .whereRef("later.ends_on", ">", "m.ends_on"),
        ),
      ),
    )
    .execute();
  let sent = 0;
  for (const membership of due) {
    const claimed = await db
      .updateTable("memberships")
      .set({ reminder_sent_at: nowIso() })
      .where("id", "=", membership.id)
      .where("reminder_sent_at", "is", null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    await sendMail({
      to: membership.email,
      subject: "Your Chapter membership ends soon",
      text: [
        `Hello ${membership.name},`,
        "",
        `Your ${packageLabel(membership.package)} membership ends on ${membership.ends_on}.`,
        "To keep it, renew it from the Membership page of Chapter before then.",
      ].join("\n"),
    });
    sent += 1;
  }
  return sent;
}
