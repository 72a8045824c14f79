// Shared by the server and the pages (no zod, no node modules).

export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code, shown in groups of four. */
export const RECOVERY_CODE_LENGTH = 16;

/** What a member typed, as compared: no spaces or dashes, lower case, Crockford's look-alikes read as digits. */
export function normaliseCode(input: string) {
  return input.toLowerCase().replace(/[\s-]/g, "").replace(/[il]/g, "1").replace(/o/g, "0");
}

export function groupRecoveryCode(code: string) {
  return code.match(/.{1,4}/g)!.join("-");
}

/** The shared key in groups of four, as authenticator apps show it and members type it. */
export function groupSecret(secret: string) {
  return secret.match(/.{1,4}/g)!.join(" ");
}
