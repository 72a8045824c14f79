import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir, env } from "./env.server";

type Secrets = { sessionSecret: string };

let cached: Secrets | undefined;

/**
 * Secrets come from the environment when set (required with several instances, which must
 * share them); otherwise they are generated on first start and kept in DATA_DIR so that a
 * single box works with no configuration and sessions survive restarts.
 */
export function secrets(): Secrets {
  if (cached) return cached;
  const fromEnv = env().SESSION_SECRET;
  if (fromEnv) return (cached = { sessionSecret: fromEnv });

  const file = path.join(dataDir(), "secrets.json");
  try {
    cached = JSON.parse(fs.readFileSync(file, "utf8")) as Secrets;
    if (cached.sessionSecret) return cached;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(dataDir(), { recursive: true });
  const generated: Secrets = { sessionSecret: crypto.randomBytes(32).toString("base64url") };
  try {
    fs.writeFileSync(file, JSON.stringify(generated, null, 2), { mode: 0o600, flag: "wx" });
    cached = generated;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    cached = JSON.parse(fs.readFileSync(file, "utf8")) as Secrets;
  }
  return cached;
}
