import { db, nowIso } from "./db.server";
import { env } from "./env.server";

const KEY = "public_origin";

/**
 * The address links in e-mails point to. The Host header of the request that triggers an
 * e-mail is the sender's to choose, so it is never trusted for that: APP_URL when set,
 * otherwise the address the first account (the admin) was created at, which is how the
 * club reaches its own Chapter.
 */
export async function publicOrigin(request: Request) {
  return (await storedPublicOrigin()) ?? new URL(request.url).origin;
}

/** The address links in e-mails point to when no request is at hand (a scheduled e-mail):
 * APP_URL, or where the first account was created; null before there is any. */
export async function storedPublicOrigin() {
  const configured = env().APP_URL;
  if (configured) return configured.replace(/\/+$/, "");
  const stored = await db.selectFrom("settings").select("value").where("key", "=", KEY).executeTakeFirst();
  return stored?.value ?? null;
}

/** Called when the first account is created: remembers where the install is reached. */
export async function rememberPublicOrigin(request: Request) {
  await db
    .insertInto("settings")
    .values({ key: KEY, value: new URL(request.url).origin, updated_at: nowIso() })
    .onConflict((conflict) => conflict.column("key").doNothing())
    .execute();
}
