import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { clubSettings } from "~/lib/club.server";
import type { DB } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { sendMail } from "~/lib/mail.server";
import { groupRecoveryCode, normaliseCode, RECOVERY_CODE_COUNT, RECOVERY_CODE_LENGTH } from "./two-factor-codes";

/** The period and length every authenticator app assumes (RFC 6238's defaults with SHA-1). */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code from the step before or after now is accepted too: phones' clocks drift. */
const WINDOW = 1;
const SECRET_BYTES = 20;

// Crockford's base 32 (no i, l, o, u): nothing a member could misread when typing a code.
const RECOVERY_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

/** A new shared key, as the base 32 text the authenticator app takes. */
export function newTotpSecret() {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** Only a key we could have made: a member's form sends it back while they set two-factor up. */
export function isTotpSecret(text: string) {
  return /^[A-Z2-7]{32}$/.test(text);
}

/** The TOTP time step a code belongs to, if it matches the key now (±1 step), else null. */
export function matchingStep(secret: string, code: string, timestamp = Date.now()) {
  const token = normaliseCode(code);
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(token)) return null;
  const delta = TOTP.validate({ token, secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS, timestamp, window: WINDOW });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / PERIOD_SECONDS) + delta;
}

/** What the setup dialog shows: the QR code (an SVG made here, so no script is needed), the key,
 * and the same otpauth: address as a link, for the app on the phone the page is open on. */
export async function setupView(secret: string, email: string) {
  const issuer = (await clubSettings()).name;
  const uri = new TOTP({ issuer, label: email, secret: Secret.fromBase32(secret), digits: DIGITS, period: PERIOD_SECONDS }).toString();
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, qrSvg, issuer, appUri: uri };
}

/**
 * Recovery codes are 80 random bits each and kept as their SHA-256. A fast hash is enough
 * because nothing is guessable about them (unlike a password, 2^80 tries stand between a
 * copied database and a code); a slow one would cost ten argon2 runs per try. No key is
 * mixed in, so codes keep working if SESSION_SECRET is changed.
 */
function recoveryCodeHash(code: string) {
  return crypto.createHash("sha256").update(normaliseCode(code)).digest("hex");
}

function newRecoveryCode() {
  const bytes = crypto.randomBytes(RECOVERY_CODE_LENGTH);
  return Array.from(bytes, (byte) => RECOVERY_ALPHABET[byte % 32]).join("");
}

async function replaceRecoveryCodes(trx: Kysely<DB>, memberId: number) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = nowIso();
  await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", memberId).execute();
  await trx
    .insertInto("two_factor_recovery_codes")
    .values(codes.map((code) => ({ user_id: memberId, code_hash: recoveryCodeHash(code), used_at: null, created_at: now })))
    .execute();
  return codes.map(groupRecoveryCode);
}

export async function twoFactorStatus(memberId: number) {
  const row = await db.selectFrom("two_factor").select("enabled_at").where("user_id", "=", memberId).executeTakeFirst();
  if (!row) return { enabled: false as const };
  const left = await db
    .selectFrom("two_factor_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", memberId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return { enabled: true as const, enabledAt: row.enabled_at, recoveryCodesLeft: Number(left.count) };
}

export async function hasTwoFactor(memberId: number) {
  return Boolean(await db.selectFrom("two_factor").select("user_id").where("user_id", "=", memberId).executeTakeFirst());
}

/**
 * Turns two-factor on once the member has shown, with a code, that their app holds the key.
 * Returns the recovery codes (their only showing), "wrong-code", or "already-on".
 */
export async function enableTwoFactor(memberId: number, secret: string, code: string, timestamp = Date.now()) {
  const step = matchingStep(secret, code, timestamp);
  if (step === null) return "wrong-code" as const;
  return db.transaction().execute(async (trx) => {
    if (await trx.selectFrom("two_factor").select("user_id").where("user_id", "=", memberId).executeTakeFirst()) return "already-on" as const;
    await trx.insertInto("two_factor").values({ user_id: memberId, secret, last_used_step: step, enabled_at: nowIso() }).execute();
    return replaceRecoveryCodes(trx, memberId);
  });
}

export async function disableTwoFactor(memberId: number) {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", memberId).execute();
    await trx.deleteFrom("two_factor_challenges").where("user_id", "=", memberId).execute();
    await trx.deleteFrom("two_factor").where("user_id", "=", memberId).execute();
  });
}

/** New recovery codes in place of the old ones (all of which stop working); null if two-factor is off. */
export async function regenerateRecoveryCodes(memberId: number) {
  return db.transaction().execute(async (trx) => {
    if (!(await trx.selectFrom("two_factor").select("user_id").where("user_id", "=", memberId).executeTakeFirst())) return null;
    return replaceRecoveryCodes(trx, memberId);
  });
}

/**
 * Checks a code from the authenticator app (never the same time step twice: the update only
 * happens when the step is later than the last one used, so two requests racing with one code
 * cannot both pass) or a recovery code (each used once). Which kind it was, or null.
 */
export async function verifySecondFactor(memberId: number, input: string, timestamp = Date.now()) {
  const code = normaliseCode(input);
  if (code.length === RECOVERY_CODE_LENGTH) {
    const used = await db
      .updateTable("two_factor_recovery_codes")
      .set({ used_at: nowIso() })
      .where("user_id", "=", memberId)
      .where("code_hash", "=", recoveryCodeHash(code))
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(used.numUpdatedRows) > 0 ? ("recovery" as const) : null;
  }
  const row = await db.selectFrom("two_factor").select(["secret", "last_used_step"]).where("user_id", "=", memberId).executeTakeFirst();
  if (!row) return null;
  const step = matchingStep(row.secret, code, timestamp);
  if (step === null || step <= row.last_used_step) return null;
  const accepted = await db
    .updateTable("two_factor")
    .set({ last_used_step: step })
    .where("user_id", "=", memberId)
    .where("last_used_step", "<", step)
    .executeTakeFirst();
  return Number(accepted.numUpdatedRows) > 0 ? ("code" as const) : null;
}

/**
 * An admin turns two-factor off for a member who lost their device: recorded in
 * two_factor_resets (who, for whom, when), and the member is told by e-mail.
 * false when the member has no two-factor sign-in to reset.
 */
export async function resetTwoFactor(adminId: number, memberId: number) {
  const member = await db.selectFrom("users").select(["name", "email"]).where("id", "=", memberId).executeTakeFirst();
  if (!member) return false;
  const reset = await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("two_factor").where("user_id", "=", memberId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", memberId).execute();
    await trx.deleteFrom("two_factor_challenges").where("user_id", "=", memberId).execute();
    await trx.insertInto("two_factor_resets").values({ user_id: memberId, admin_id: adminId, created_at: nowIso() }).execute();
    return true;
  });
  if (!reset) return false;
  const club = (await clubSettings()).name;
  await sendMail({
    to: member.email,
    subject: `Two-factor sign-in was turned off for your ${club} account`,
    text: [
      `Hello ${member.name},`,
      "",
      `An admin of ${club} has turned off two-factor sign-in for your account, as asked when a phone is lost.`,
      "You now sign in with your e-mail and password alone. You can turn two-factor sign-in on again under Settings → Account.",
      "",
      "If you did not ask for this, change your password and tell an admin at once.",
    ].join("\n"),
  });
  return true;
}

/** The latest reset of a member's two-factor sign-in, with the admin's name, for the admin. */
export async function lastTwoFactorReset(memberId: number) {
  return db
    .selectFrom("two_factor_resets")
    .leftJoin("users as admins", "admins.id", "two_factor_resets.admin_id")
    .select(["two_factor_resets.created_at", "admins.name as admin_name"])
    .where("two_factor_resets.user_id", "=", memberId)
    .orderBy("two_factor_resets.created_at", "desc")
    .orderBy("two_factor_resets.id", "desc")
    .executeTakeFirst();
}

/** Which of these members have two-factor sign-in on (for the admin's list). */
export async function membersWithTwoFactor(memberIds: number[]) {
  if (memberIds.length === 0) return new Set<number>();
  const rows = await db.selectFrom("two_factor").select("user_id").where("user_id", "in", memberIds).execute();
  return new Set(rows.map((row) => row.user_id));
}
