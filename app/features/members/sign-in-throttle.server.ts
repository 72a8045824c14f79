import { sql } from "kysely";
import { db, nowIso } from "~/lib/db.server";
import { env } from "~/lib/env.server";

// Kept in the database, not in memory, so the limit holds across several instances.

function windowStart() {
  return new Date(Date.now() - env().SIGNIN_WINDOW_MINUTES * 60_000).toISOString();
}

async function failuresSince(column: "email" | "ip", value: string, since: string) {
  const row = await db
    .selectFrom("sign_in_failures")
    .select([sql<number>`count(*)`.as("count"), (eb) => eb.fn.min("created_at").as("oldest")])
    .where(column, "=", value)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest as string | null };
}

export type SignInBlock = { message: string; retryAfterSeconds: number };

/** null when the attempt may go ahead, otherwise the message to show and the seconds until the
 * oldest counted failure leaves the window, when a try may go ahead again. */
export async function signInBlocked(email: string, ip: string): Promise<SignInBlock | null> {
  const { SIGNIN_MAX_FAILURES_PER_ACCOUNT, SIGNIN_MAX_FAILURES_PER_IP, SIGNIN_WINDOW_MINUTES } = env();
  const since = windowStart();
  const [byAccount, byIp] = await Promise.all([failuresSince("email", email.toLowerCase(), since), failuresSince("ip", ip, since)]);
  const blocking = byAccount.count >= SIGNIN_MAX_FAILURES_PER_ACCOUNT ? byAccount : byIp.count >= SIGNIN_MAX_FAILURES_PER_IP ? byIp : null;
  if (!blocking) return null;
  const freeAt = Date.parse(blocking.oldest ?? nowIso()) + SIGNIN_WINDOW_MINUTES * 60_000;
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - Date.now()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    message: `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again, or reset your password.`,
    retryAfterSeconds,
  };
}

export async function recordSignInFailure(email: string, ip: string) {
  await db.insertInto("sign_in_failures").values({ email: email.toLowerCase(), ip, created_at: nowIso() }).execute();
  await db.deleteFrom("sign_in_failures").where("created_at", "<", windowStart()).execute();
}

export async function clearSignInFailures(email: string) {
  await db.deleteFrom("sign_in_failures").where("email", "=", email.toLowerCase()).execute();
}
