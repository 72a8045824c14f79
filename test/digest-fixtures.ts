import { db, nowIso } from "~/lib/db.server";
import { rememberPublicOrigin } from "~/lib/public-origin.server";
import { forget } from "~/lib/remember.server";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The first Monday, 12:00 UTC, after the real time: the members and posts a test makes now
 * are within the week before it. */
export function nextMondayNoon() {
  const at = new Date();
  at.setUTCHours(12, 0, 0, 0);
  while (at.getUTCDay() !== 1 || at.getTime() <= Date.now()) at.setTime(at.getTime() + DAY_MS);
  return at;
}

/** The club "Harbour Chapter" sends its digest on `day`, reached at `origin`. */
export async function clubSends(day: string, { timeZone = "UTC", origin = "https://club.example.org" } = {}) {
  await db
    .insertInto("club_settings")
    .values({ id: 1, name: "Harbour Chapter", time_zone: timeZone, digest_day: day, updated_at: nowIso() })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ name: "Harbour Chapter", time_zone: timeZone, digest_day: day }))
    .execute();
  forget("club-settings");
  await rememberPublicOrigin(new Request(`${origin}/signup`));
}
