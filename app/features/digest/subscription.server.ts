import crypto from "node:crypto";
import { db } from "~/lib/db.server";
import { secrets } from "~/lib/secrets.server";

// A link in the digest turns it off without signing in. It names the member and carries a
// signature of this one purpose, so it can do nothing else, and it cannot be made for another
// member without the server's secret. It does not expire: it only ever turns the digest off.
const PURPOSE = "weekly-digest-unsubscribe";

function signature(memberId: number) {
  return crypto.createHmac("sha256", secrets().sessionSecret).update(`${PURPOSE}:${memberId}`).digest("base64url");
}

export function unsubscribeToken(memberId: number) {
  return `${memberId}.${signature(memberId)}`;
}

export function unsubscribeLink(origin: string, memberId: number) {
  return `${origin}/digest/unsubscribe/${unsubscribeToken(memberId)}`;
}

/** The member a token was made for, or null for one that was not made here. */
export function memberOfToken(token: string) {
  const match = /^([1-9]\d{0,15})\.([\w-]{43})$/.exec(token);
  if (!match) return null;
  const memberId = Number(match[1]);
  if (!Number.isSafeInteger(memberId)) return null;
  const expected = Buffer.from(signature(memberId));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? memberId : null;
}

/** The member behind a token, if still a member: their e-mail and whether the digest is on. */
export async function digestSubscriber(token: string) {
  const memberId = memberOfToken(token);
  if (memberId === null) return null;
  const row = await db
    .selectFrom("users")
    .select(["id", "email", "weekly_digest"])
    .where("id", "=", memberId)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return row ? { id: row.id, email: row.email, on: row.weekly_digest === 1 } : null;
}

export async function weeklyDigestOn(memberId: number) {
  const row = await db.selectFrom("users").select("weekly_digest").where("id", "=", memberId).executeTakeFirst();
  return row?.weekly_digest === 1;
}

export async function setWeeklyDigest(memberId: number, on: boolean) {
  await db
    .updateTable("users")
    .set({ weekly_digest: on ? 1 : 0 })
    .where("id", "=", memberId)
    .execute();
}
