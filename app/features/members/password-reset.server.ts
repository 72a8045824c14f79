import crypto from "node:crypto";
import { db, nowIso } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { sendMail } from "~/lib/mail.server";
import { setPassword } from "./members.server";

const MAX_OPEN_LINKS_PER_HOUR = 3;

function tokenHash(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** Mails a single-use, expiring link when the address belongs to an active account; says
 * nothing either way, so the form cannot be used to find out who is a member. */
/** `origin` is where links point to (lib/public-origin.server.ts), never the raw Host header. */
export async function requestPasswordReset(email: string, origin: string) {
  const user = await db
    .selectFrom("users")
    .select(["id", "name", "email"])
    .where("email", "=", email.toLowerCase())
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (!user) return;

  const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
  const recent = await db.selectFrom("password_resets").select("id").where("user_id", "=", user.id).where("created_at", ">", hourAgo).execute();
  if (recent.length >= MAX_OPEN_LINKS_PER_HOUR) return;

  const token = crypto.randomBytes(32).toString("base64url");
  const minutes = env().PASSWORD_RESET_MINUTES;
  await db
    .insertInto("password_resets")
    .values({
      user_id: user.id,
      token_hash: tokenHash(token),
      created_at: nowIso(),
      expires_at: new Date(Date.now() + minutes * 60_000).toISOString(),
      used_at: null,
    })
    .execute();

  const link = `${origin}/reset-password/${token}`;
  await sendMail({
    to: user.email,
    subject: "Reset your Chapter password",
    text: [
      `Hello ${user.name},`,
      "",
      "Someone (we hope you) asked to reset the password of your Chapter account.",
      `Choose a new password here (the link works once, for ${minutes} minutes):`,
      "",
      link,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  });
}

/** The member the link belongs to, while it is unused and unexpired. */
export async function findResetLink(token: string) {
  return db
    .selectFrom("password_resets")
    .innerJoin("users", "users.id", "password_resets.user_id")
    .select(["password_resets.id", "password_resets.user_id", "users.email"])
    .where("token_hash", "=", tokenHash(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", nowIso())
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
}

/** Sets the new password and retires the link and every session of the member. */
export async function resetPassword(token: string, password: string) {
  const link = await findResetLink(token);
  if (!link) return null;
  const used = await db.updateTable("password_resets").set({ used_at: nowIso() }).where("id", "=", link.id).where("used_at", "is", null).executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) return null;
  await setPassword(link.user_id, password);
  await db.deleteFrom("sessions").where("user_id", "=", link.user_id).execute();
  await db.deleteFrom("password_resets").where("user_id", "=", link.user_id).where("used_at", "is", null).execute();
  return link.user_id;
}
