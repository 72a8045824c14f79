import { compiledOnce, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import type { NewAnnouncement } from "./schema";

/** How many announcements the ticker shows at once. */
export const TICKER_LIMIT = 10;

export type TickerItem = { id: number; message: string; link_url: string | null };
export type AnnouncementStatus = "current" | "scheduled" | "ended";

// Every signed-in page shows the ticker.
const announcementsAt = compiledOnce((now: string) =>
  db
    .selectFrom("announcements")
    .select(["id", "message", "link_url"])
    .where("starts_at", "<=", now)
    .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
    .orderBy("starts_at", "desc")
    .orderBy("id", "desc")
    .limit(TICKER_LIMIT),
);

/** What the ticker shows now: started, not ended, newest first. */
export async function currentAnnouncements(now = nowIso()): Promise<TickerItem[]> {
  return rowsOf(announcementsAt(now));
}

export function statusOf(announcement: { starts_at: string; ends_at: string | null }, now = nowIso()): AnnouncementStatus {
  if (announcement.starts_at > now) return "scheduled";
  if (announcement.ends_at !== null && announcement.ends_at <= now) return "ended";
  return "current";
}

const STATUS_ORDER: Record<AnnouncementStatus, number> = { current: 0, scheduled: 1, ended: 2 };

/** Every announcement for the admin: current ones (newest first), then scheduled ones (soonest
 * first), then ended ones (most recently ended first). */
export async function listAnnouncements(now = nowIso()) {
  const rows = await db
    .selectFrom("announcements")
    .leftJoin("users", "users.id", "announcements.created_by")
    .select([
      "announcements.id",
      "announcements.message",
      "announcements.link_url",
      "announcements.starts_at",
      "announcements.ends_at",
      "announcements.created_at",
      "users.name as created_by_name",
    ])
    .orderBy("announcements.starts_at", "desc")
    .orderBy("announcements.id", "desc")
    .execute();
  const listed = rows.map((row) => ({ ...row, status: statusOf(row, now) }));
  return listed.sort((a, b) => {
    if (a.status !== b.status) return STATUS_ORDER[a.status] - STATUS_ORDER[b.status];
    if (a.status === "scheduled") return a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : 0;
    if (a.status === "ended") return a.ends_at! > b.ends_at! ? -1 : a.ends_at! < b.ends_at! ? 1 : 0;
    return 0;
  });
}

export async function getAnnouncement(id: number) {
  return db.selectFrom("announcements").select(["id", "message", "link_url", "starts_at", "ends_at"]).where("id", "=", id).executeTakeFirst();
}

export async function createAnnouncement(input: NewAnnouncement, createdBy: number) {
  const now = nowIso();
  const { id } = await db
    .insertInto("announcements")
    .values({
      message: input.message,
      link_url: input.linkUrl,
      starts_at: input.startsAt ?? now,
      ends_at: input.endsAt ?? null,
      created_by: createdBy,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** false when there was no such announcement. */
export async function deleteAnnouncement(id: number) {
  const result = await db.deleteFrom("announcements").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
