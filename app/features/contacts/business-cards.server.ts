import { sql } from "kysely";
import { db, nowIso } from "~/lib/db.server";
import { acceptAttribute } from "~/lib/file-types";
import { deleteFile, fileUrl } from "~/lib/files.server";
import { type StoredFile, storeImageCrop, uploadLimit } from "~/lib/uploads.server";
import { businessCardsPath } from "./business-cards";

// A contact's business cards (SPEC.md §2 business card list dialog and crop dialog, §3, §4,
// §7): the uploaded original is kept, and the card shown is its 3:2 crop, made here.

export { businessCardsPath };

export type Rect = { x: number; y: number; width: number; height: number };

/** SPEC.md §5, §9: a business card is 3 wide by 2 high. */
const RATIO = { width: 3, height: 2 };
const SCALED = ["x", "y", "width", "height"] as const;

/**
 * The crop a member asked for, in the pixels of the image they saw (`source`), as the
 * rectangle to cut from the stored image (`stored`, the same or scaled down): a rectangle
 * partly outside the image is clamped to it, then the largest 3:2 rectangle centred in it is
 * taken. No rectangle (an upload without JavaScript): the largest centred 3:2 rectangle.
 */
export function fitCrop(
  requested: Rect | null,
  source: { width: number; height: number },
  stored: { width: number; height: number },
): { ok: true; rect: Rect } | { ok: false; message: string } {
  let area = { left: 0, top: 0, right: source.width, bottom: source.height };
  if (requested) {
    const { x, y, width, height } = requested;
    if (![x, y, width, height].every(Number.isFinite)) return { ok: false, message: "The crop rectangle must be four numbers: x, y, width and height." };
    if (width <= 0 || height <= 0) return { ok: false, message: "The crop rectangle needs a width and a height greater than 0." };
    area = {
      left: Math.max(0, x),
      top: Math.max(0, y),
      right: Math.min(source.width, x + width),
      bottom: Math.min(source.height, y + height),
    };
    if (area.right <= area.left || area.bottom <= area.top) {
      return { ok: false, message: `The crop rectangle lies outside the image (${source.width} × ${source.height} pixels).` };
    }
  }
  const scaleX = stored.width / source.width;
  const scaleY = stored.height / source.height;
  const left = Math.min(stored.width - 1, Math.max(0, Math.round(area.left * scaleX)));
  const top = Math.min(stored.height - 1, Math.max(0, Math.round(area.top * scaleY)));
  const right = Math.min(stored.width, Math.max(left + 1, Math.round(area.right * scaleX)));
  const bottom = Math.min(stored.height, Math.max(top + 1, Math.round(area.bottom * scaleY)));
  const unit = Math.floor(Math.min((right - left) / RATIO.width, (bottom - top) / RATIO.height));
  if (unit < 1) return { ok: false, message: "The crop rectangle is too small: a business card needs at least 3 × 2 pixels." };
  const width = unit * RATIO.width;
  const height = unit * RATIO.height;
  return {
    ok: true,
    rect: { x: left + Math.floor((right - left - width) / 2), y: top + Math.floor((bottom - top - height) / 2), width, height },
  };
}

/** SPEC.md §7's scaled[x], scaled[y], scaled[width], scaled[height]: null when none was sent. */
export function requestedCrop(fields: FormData | null): Rect | null | "invalid" {
  const values = SCALED.map((name) => fields?.get(`scaled[${name}]`));
  if (values.every((value) => value === null || value === undefined || value === "")) return null;
  const numbers = values.map((value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : Number.NaN));
  if (!numbers.every(Number.isFinite)) return "invalid";
  const [x, y, width, height] = numbers;
  return { x, y, width, height };
}

function cardsQuery() {
  return db
    .selectFrom("business_cards")
    .innerJoin("files as cropped", "cropped.id", "business_cards.cropped_file_id")
    .innerJoin("files as original", "original.id", "business_cards.original_file_id")
    .select([
      "business_cards.id",
      "business_cards.contact_id",
      "business_cards.original_file_id",
      "business_cards.cropped_file_id",
      "business_cards.crop_x",
      "business_cards.crop_y",
      "business_cards.crop_width",
      "business_cards.crop_height",
      "business_cards.created_at",
      "cropped.token as cropped_token",
      "original.token as original_token",
      "original.original_name",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof cardsQuery>["executeTakeFirstOrThrow"]>>;

function present(row: Row) {
  return {
    id: row.id,
    name: row.original_name,
    createdAt: row.created_at,
    url: fileUrl(row.cropped_token),
    thumbnailUrl: fileUrl(row.cropped_token, "thumbnail"),
    originalUrl: fileUrl(row.original_token),
    crop: { x: row.crop_x, y: row.crop_y, width: row.crop_width, height: row.crop_height },
  };
}

export type BusinessCard = ReturnType<typeof present>;

/** The contact's cards, newest first. The caller has checked the contact. */
export async function listBusinessCards(contactId: number) {
  const rows = await cardsQuery()
    .where("business_cards.contact_id", "=", contactId)
    .orderBy("business_cards.created_at", "desc")
    .orderBy("business_cards.id", "desc")
    .execute();
  return rows.map(present);
}

export async function businessCardCount(contactId: number) {
  const { total } = await db
    .selectFrom("business_cards")
    .select(sql<number>`count(*)`.as("total"))
    .where("contact_id", "=", contactId)
    .executeTakeFirstOrThrow();
  return Number(total);
}

/** One of the member's cards by its id, or null (also when it is another member's). */
export async function findOwnBusinessCard(ownerId: number, id: number, contactId?: number) {
  let query = cardsQuery()
    .innerJoin("contacts", "contacts.id", "business_cards.contact_id")
    .where("contacts.owner_id", "=", ownerId)
    .where("business_cards.id", "=", id);
  if (contactId !== undefined) query = query.where("business_cards.contact_id", "=", contactId);
  const row = await query.executeTakeFirst();
  return row ? { ...present(row), contactId: row.contact_id, fileIds: [row.original_file_id, row.cropped_file_id] } : null;
}

/** Deletes the card and both its files (rows and bytes). */
export async function removeBusinessCard(card: { id: number; fileIds: number[] }) {
  await db.deleteFrom("business_cards").where("id", "=", card.id).execute();
  for (const fileId of card.fileIds) await deleteFile(fileId);
}

export function businessCardUploadSettings() {
  return { accept: acceptAttribute("business_card"), maxBytes: uploadLimit("business_card", "image") };
}

/**
 * Makes a card of an uploaded image: from the crop dialog, scaled[x, y, width, height] in the
 * image's pixels (`fields`); without them (no JavaScript) the image's largest centred 3:2 part.
 * A refused rectangle or image is deleted and its reason given; nothing is kept then. The
 * caller has checked the contact.
 */
export async function addBusinessCard(contactId: number, original: StoredFile, fields: FormData | null, source: { width: number; height: number } | undefined) {
  const refused = async (message: string) => {
    await deleteFile(original.id);
    return { ok: false as const, name: original.original_name, message };
  };
  const requested = requestedCrop(fields);
  const stored = { width: original.width ?? 0, height: original.height ?? 0 };
  const fit =
    requested === "invalid"
      ? ({ ok: false, message: "The crop rectangle must be four numbers: x, y, width and height." } as const)
      : fitCrop(requested, source ?? stored, stored);
  if (!fit.ok) return refused(fit.message);
  const { rect } = fit;
  const originalRow = await db.selectFrom("files").selectAll().where("id", "=", original.id).executeTakeFirstOrThrow();
  let cropped: Awaited<ReturnType<typeof storeImageCrop>>;
  try {
    cropped = await storeImageCrop(originalRow, { left: rect.x, top: rect.y, width: rect.width, height: rect.height });
  } catch {
    return refused("The card could not be cut from this image. Please try another file.");
  }
  const { id } = await db
    .insertInto("business_cards")
    .values({
      contact_id: contactId,
      original_file_id: original.id,
      cropped_file_id: cropped.id,
      crop_x: rect.x,
      crop_y: rect.y,
      crop_width: rect.width,
      crop_height: rect.height,
      created_at: nowIso(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return {
    ok: true as const,
    file: {
      id,
      name: cropped.original_name,
      file_type: cropped.media_type,
      url: fileUrl(cropped.token),
      thumbnailUrl: fileUrl(cropped.token, "thumbnail"),
      crop: rect,
    },
  };
}
