import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB memory, two passes. (2 is Algorithm.Argon2id, a const
// enum that isolated modules cannot import.)
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string) {
  return hash(password, OPTIONS);
}

export async function passwordMatches(hashed: string, password: string) {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

// Verified against when the e-mail is unknown, so that timing does not tell which accounts exist.
let decoy: Promise<string> | undefined;
export function decoyHash() {
  decoy ??= hashPassword("not a real password, only for timing");
  return decoy;
}
