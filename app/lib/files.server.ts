import type { DB } from "./db-schema";
import { db } from "./db.server";
import type { UploadKind } from "./file-types";
import type { Member } from "./session.server";
import { storage } from "./storage.server";

type FileRow = DB["files"] & { id: number };

/** Kinds any signed-in member may see; everything else is its owner's alone unless an area
 * adds a rule here (a post's privacy, an event's attendees …). */
const SEEN_BY_ALL_MEMBERS = new Set<UploadKind>([
  "profile_image",
  "cover_image",
  // Events and offers are shown to every member, with their pictures.
  "event_media",
  "product_image",
]);

export function canRead(file: Pick<FileRow, "kind" | "owner_id">, member: Member) {
  return file.owner_id === member.id || SEEN_BY_ALL_MEMBERS.has(file.kind as UploadKind);
}

export function fileUrl(token: string, variant: "original" | "thumbnail" = "original") {
  return variant === "thumbnail" ? `/user/files/${token}?variant=thumbnail` : `/user/files/${token}`;
}

/** The file behind a URL token, when this member may see it. */
export async function findReadableFile(token: string, member: Member) {
  const file = await db.selectFrom("files").selectAll().where("token", "=", token).executeTakeFirst();
  return file && canRead(file, member) ? file : null;
}

export async function deleteFile(fileId: number) {
  const file = await db.selectFrom("files").selectAll().where("id", "=", fileId).executeTakeFirst();
  if (!file) return;
  await db.deleteFrom("files").where("id", "=", fileId).execute();
  await storage().remove(file.storage_key);
  if (file.thumbnail_key) await storage().remove(file.thumbnail_key);
}
