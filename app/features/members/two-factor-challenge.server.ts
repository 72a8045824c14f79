import crypto from "node:crypto";
import { redirect } from "@remix-run/node";
import { cookieOptionsFor, signedCookie } from "~/lib/cookies.server";
import { db, nowIso } from "~/lib/db.server";
import { flashHeaders, type Notification } from "~/lib/respond.server";

/**
 * Between the password and the code, a sign-in is a challenge: a row naming the member, found
 * through its own short-lived cookie. It is not a session, so nothing under /user accepts it;
 * it ends when the code is accepted, after CHALLENGE_MINUTES, or with a new sign-in.
 */
const CHALLENGE_MINUTES = 10;

function challengeCookie() {
  return signedCookie("__two_factor", { maxAge: CHALLENGE_MINUTES * 60 });
}

const idOf = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Starts the second step of signing in and sends the browser to it. */
export async function startChallenge(request: Request, memberId: number, redirectTo: string, notification?: Notification) {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.deleteFrom("two_factor_challenges").where("expires_at", "<", new Date(now).toISOString()).execute();
  await db
    .insertInto("two_factor_challenges")
    .values({
      id: idOf(token),
      user_id: memberId,
      redirect_to: redirectTo,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + CHALLENGE_MINUTES * 60_000).toISOString(),
    })
    .execute();
  const headers = new Headers();
  headers.append("Set-Cookie", await challengeCookie().serialize(token, cookieOptionsFor(request)));
  if (notification) headers.append("Set-Cookie", await flashHeaders(request, notification));
  return redirect("/signin/two-factor", { headers });
}

async function tokenOf(request: Request) {
  const value = await challengeCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

/** The member this browser is part-way through signing in as, while the challenge lasts. */
export async function findChallenge(request: Request) {
  const token = await tokenOf(request);
  if (!token) return null;
  const row = await db
    .selectFrom("two_factor_challenges")
    .innerJoin("users", "users.id", "two_factor_challenges.user_id")
    .select(["two_factor_challenges.id", "two_factor_challenges.user_id", "two_factor_challenges.redirect_to", "users.email"])
    .where("two_factor_challenges.id", "=", idOf(token))
    .where("two_factor_challenges.expires_at", ">", nowIso())
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
  return row ? { id: row.id, memberId: row.user_id, redirectTo: row.redirect_to, email: row.email } : null;
}

/** The challenge is spent; the returned header clears its cookie. */
export async function endChallenge(request: Request, challengeId: string) {
  await db.deleteFrom("two_factor_challenges").where("id", "=", challengeId).execute();
  return challengeCookie().serialize("", { ...cookieOptionsFor(request), maxAge: 0 });
}
