import { type ExpressionBuilder, sql } from "kysely";
import type { DB } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { pageWindow } from "~/lib/paging";
import { MEMBER_TYPES } from "./member-types";

export const MEMBERS_PER_PAGE = 25;

/** A search term as a LIKE pattern matching it anywhere, its wildcards taken literally. */
export function containsPattern(q: string) {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matching(q: string) {
  const pattern = containsPattern(q);
  // lower(...) like: case-insensitive on SQLite and PostgreSQL alike (ESCAPE is standard SQL).
  return (eb: ExpressionBuilder<DB, "users">) =>
    eb.or([
      sql<boolean>`lower(${eb.ref("users.name")}) like ${pattern} escape '\\'`,
      sql<boolean>`lower(${eb.ref("users.email")}) like ${pattern} escape '\\'`,
    ]);
}

/** One page of accounts, newest first, optionally those whose name or e-mail contains `q`. */
export async function searchMembers({ q = "", page = 1, onlyIds }: { q?: string; page?: number; onlyIds?: number[] }) {
  const term = q.trim();
  let base = db.selectFrom("users").where("deleted_at", "is", null);
  if (term) base = base.where(matching(term));
  // A filter worked out outside SQL (the engagement lights): only these accounts.
  if (onlyIds) base = onlyIds.length ? base.where("id", "in", onlyIds) : base.where(sql<boolean>`1 = 0`);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const { pages: pageCount, page: current, offset } = pageWindow(total, page, MEMBERS_PER_PAGE);
  const members = await base
    .select(["id", "name", "email", "member_type", "role", "created_at", "disabled_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(MEMBERS_PER_PAGE)
    .offset(offset)
    .execute();
  return {
    members: members.map((member) => ({
      ...member,
      memberTypeLabel: MEMBER_TYPES.find((type) => type.value === member.member_type)?.label ?? member.member_type,
    })),
    total: Number(total),
    page: current,
    pageCount,
  };
}

/** The account an id from a URL or a form names, or undefined (also for a malformed id). */
export async function findAccount(id: number) {
  return db.selectFrom("users").select(["id", "name", "email", "role", "disabled_at"]).where("id", "=", id).executeTakeFirst();
}

export type DisableOutcome = "disabled" | "already-disabled" | "self" | "last-admin" | "not-found";

/**
 * Disables an account and ends its sessions, so the member is signed out at once (sign-in
 * refuses disabled accounts). An admin cannot disable their own account, and the install
 * always keeps one active admin.
 */
export async function disableMember(actingAdminId: number, memberId: number): Promise<DisableOutcome> {
  if (actingAdminId === memberId) return "self";
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom("users").select(["role", "disabled_at"]).where("id", "=", memberId).executeTakeFirst();
    if (!target) return "not-found";
    if (target.disabled_at) return "already-disabled";
    const result = await trx
      .updateTable("users")
      .set({ disabled_at: nowIso(), updated_at: nowIso() })
      .where("id", "=", memberId)
      .where("disabled_at", "is", null)
      // Checked in the same statement: another active admin must remain.
      .where((eb) =>
        eb.or([
          eb("role", "!=", "admin"),
          eb.exists(
            eb
              .selectFrom("users as other")
              .select("other.id")
              .where("other.role", "=", "admin")
              .where("other.disabled_at", "is", null)
              .where("other.id", "!=", memberId),
          ),
        ]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return "last-admin";
    await trx.deleteFrom("sessions").where("user_id", "=", memberId).execute();
    return "disabled";
  });
}

/** false when there is no such account. */
export async function enableMember(memberId: number) {
  const result = await db.updateTable("users").set({ disabled_at: null, updated_at: nowIso() }).where("id", "=", memberId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
