import { compiledPerLimit, rowsOf } from "~/lib/compiled-query.server";
import { db, nowIso } from "~/lib/db.server";
import { deleteFile, fileUrl } from "~/lib/files.server";
import type { WishListStatus, WishListType } from "./constants";
import type { WishListInput } from "./wish-list-schema";
import { clubCurrency } from "~/lib/club.server";

export type WishListFilter = { year: number; type?: WishListType | null; status?: WishListStatus | null };

export async function createWishListItem(memberId: number, input: WishListInput, imageId: number | null) {
  const now = nowIso();
  const { id } = await db
    .insertInto("wish_list_items")
    .values({
      member_id: memberId,
      title: input.title,
      type: input.type,
      target_year: input.target_year,
      target_date: input.target_date,
      cost_cents: input.cost,
      currency: await clubCurrency(),
      image_id: imageId,
      notes: input.notes,
      status: input.status,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

/** Saves the member's item; a new image replaces the old one (whose file is deleted). False
 * when the item is not theirs. */
export async function updateWishListItem(memberId: number, id: number, input: WishListInput, imageId: number | null) {
  const before = await getOwnWishListItem(memberId, id);
  if (!before) return false;
  await db
    .updateTable("wish_list_items")
    .set({
      title: input.title,
      type: input.type,
      target_year: input.target_year,
      target_date: input.target_date,
      cost_cents: input.cost,
      notes: input.notes,
      status: input.status,
      ...(imageId ? { image_id: imageId } : {}),
      updated_at: nowIso(),
    })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .execute();
  if (imageId && before.image_id) await deleteFile(before.image_id);
  return true;
}

export async function getOwnWishListItem(memberId: number, id: number) {
  return (await db.selectFrom("wish_list_items").selectAll().where("id", "=", id).where("member_id", "=", memberId).executeTakeFirst()) ?? null;
}

export async function setWishListStatus(memberId: number, id: number, status: WishListStatus) {
  const result = await db
    .updateTable("wish_list_items")
    .set({ status, updated_at: nowIso() })
    .where("id", "=", id)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteWishListItem(memberId: number, id: number) {
  const item = await getOwnWishListItem(memberId, id);
  if (!item) return false;
  await db.deleteFrom("wish_list_items").where("id", "=", id).where("member_id", "=", memberId).execute();
  if (item.image_id) await deleteFile(item.image_id);
  return true;
}

/** One year of the member's wish list, filtered; dated items first by date, then by title. */
export async function listWishList(memberId: number, { year, type, status }: WishListFilter) {
  let query = db
    .selectFrom("wish_list_items")
    .leftJoin("files", "files.id", "wish_list_items.image_id")
    .select([
      "wish_list_items.id",
      "wish_list_items.title",
      "wish_list_items.type",
      "wish_list_items.target_year",
      "wish_list_items.target_date",
      "wish_list_items.cost_cents",
      "wish_list_items.currency",
      "wish_list_items.notes",
      "wish_list_items.status",
      "files.token as image_token",
    ])
    .where("wish_list_items.member_id", "=", memberId)
    .where("wish_list_items.target_year", "=", year);
  if (type) query = query.where("wish_list_items.type", "=", type);
  if (status) query = query.where("wish_list_items.status", "=", status);
  const rows = await query
    .orderBy((eb) => eb.case().when("wish_list_items.target_date", "is", null).then(1).else(0).end())
    .orderBy("wish_list_items.target_date")
    .orderBy("wish_list_items.title")
    .orderBy("wish_list_items.id")
    .execute();
  return rows.map(({ image_token, ...item }) => ({ ...item, imageUrl: image_token ? fileUrl(image_token, "thumbnail") : null }));
}

const openItemsOf = compiledPerLimit(
  (limit) => (memberId: number, year: number) =>
    db
      .selectFrom("wish_list_items")
      .select(["id", "title", "type", "status", "target_date"])
      .where("member_id", "=", memberId)
      .where("target_year", "=", year)
      .where("status", "in", ["open", "in_progress"])
      .orderBy((eb) => eb.case().when("target_date", "is", null).then(1).else(0).end())
      .orderBy("target_date")
      .orderBy("id")
      .limit(limit),
);

/** The home page's Planning card: this year's items still open or under way. */
export async function openWishListItems(memberId: number, year: number, limit: number) {
  return rowsOf(openItemsOf(limit)(memberId, year));
}
