import { compiledOnce, firstRowOf } from "~/lib/compiled-query.server";
import { db } from "~/lib/db.server";
import { deleteFile, fileUrl } from "~/lib/files.server";

export type PhotoSlot = "profile" | "cover";
const COLUMN = { profile: "profile_image_id", cover: "cover_image_id" } as const;

export type Photo = { url: string; thumbnailUrl: string; width: number | null; height: number | null };

function toPhoto(file: { token: string | null; width: number | null; height: number | null } | undefined): Photo | null {
  if (!file?.token) return null;
  return { url: fileUrl(file.token), thumbnailUrl: fileUrl(file.token, "thumbnail"), width: file.width, height: file.height };
}

const photosOf = compiledOnce((memberId: number) =>
  db
    .selectFrom("users")
    .leftJoin("files as profile", "profile.id", "users.profile_image_id")
    .leftJoin("files as cover", "cover.id", "users.cover_image_id")
    .select([
      "profile.token as profile_token",
      "profile.width as profile_width",
      "profile.height as profile_height",
      "cover.token as cover_token",
      "cover.width as cover_width",
      "cover.height as cover_height",
    ])
    .where("users.id", "=", memberId),
);

export async function memberPhotos(memberId: number) {
  const row = await firstRowOf(photosOf(memberId));
  return {
    profile: toPhoto(row && { token: row.profile_token, width: row.profile_width, height: row.profile_height }),
    cover: toPhoto(row && { token: row.cover_token, width: row.cover_width, height: row.cover_height }),
  };
}

/** Puts a newly uploaded file in the slot; the image it replaces is deleted. */
export async function setMemberPhoto(memberId: number, slot: PhotoSlot, fileId: number) {
  const column = COLUMN[slot];
  const before = await db.selectFrom("users").select(column).where("id", "=", memberId).executeTakeFirst();
  await db
    .updateTable("users")
    .set({ [column]: fileId })
    .where("id", "=", memberId)
    .execute();
  const previous = before?.[column] as number | null | undefined;
  if (previous && previous !== fileId) await deleteFile(previous);
}

/** false when the slot was already empty. */
export async function removeMemberPhoto(memberId: number, slot: PhotoSlot) {
  const column = COLUMN[slot];
  const before = await db.selectFrom("users").select(column).where("id", "=", memberId).executeTakeFirst();
  const previous = before?.[column] as number | null | undefined;
  if (!previous) return false;
  await db
    .updateTable("users")
    .set({ [column]: null })
    .where("id", "=", memberId)
    .execute();
  await deleteFile(previous);
  return true;
}
