import crypto from "node:crypto";

/** Bytes drawn from the system's generator in one call, then handed out in turn. */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafe(POOL_BYTES);
let used = POOL_BYTES;

/**
 * `bytes` random bytes from the system's cryptographic generator, as text. Every page asks for
 * two (the script nonce, and a visitor's anti-forgery token): one call into the generator for
 * each, about 6 µs, was more than the rest of the header work; drawn from a pool refilled
 * 4 KB at a time, it is a copy. Each byte is handed out once.
 */
export function randomText(bytes: number, encoding: "base64" | "base64url" | "hex" = "base64url") {
  if (bytes > POOL_BYTES) return crypto.randomBytes(bytes).toString(encoding);
  if (used + bytes > POOL_BYTES) {
    crypto.randomFillSync(pool);
    used = 0;
  }
  const text = pool.toString(encoding, used, used + bytes);
  // Handed out: overwritten, so that nothing left in memory repeats a token already given.
  pool.fill(0, used, used + bytes);
  used += bytes;
  return text;
}
