import crypto from "node:crypto";
import { type ExpressionBuilder, sql } from "kysely";
import type { DB } from "~/lib/db-schema";
import { db, nowIso } from "~/lib/db.server";
import { deleteFile, fileUrl, mediumSize } from "~/lib/files.server";
import { pageWindow } from "~/lib/paging";
import type { OfferStatusType } from "./constants";
import type { OfferInput } from "./schema";
import { formatDate } from "~/lib/format";
import { clubCurrency } from "~/lib/club.server";

export const PAGE_SIZE = 12;

/** Where a non-member sees an offer's image: only images of offers (see publicOfferImage). */
export function publicImageUrl(token: string, variant: "original" | "thumbnail" | "medium" = "original") {
  return variant === "original" ? `/offer-images/${token}` : `/offer-images/${token}?variant=${variant}`;
}

export function publicOfferPath(publicToken: string) {
  return `/non-user-product?product_id=${encodeURIComponent(publicToken)}`;
}

export async function createOffer(ownerId: number, input: OfferInput, imageId: number | null = null) {
  const now = nowIso();
  const { id } = await db
    .insertInto("products")
    .values({
      owner_id: ownerId,
      title: input.title,
      description: input.description,
      price_cents: input.price,
      currency: await clubCurrency(),
      event_id: input.event_id,
      public_token: crypto.randomBytes(18).toString("base64url"),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (imageId) await addOfferImage(id, imageId);
  return id;
}

export async function updateOffer(ownerId: number, offerId: number, input: OfferInput) {
  const result = await db
    .updateTable("products")
    .set({ title: input.title, description: input.description, price_cents: input.price, event_id: input.event_id, updated_at: nowIso() })
    .where("id", "=", offerId)
    .where("owner_id", "=", ownerId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** An event an offer may be tied to: one that exists (any member's). */
export async function eventExists(eventId: number) {
  return Boolean(await db.selectFrom("events").select("id").where("id", "=", eventId).executeTakeFirst());
}

export async function addOfferImage(offerId: number, fileId: number) {
  const { last } = await db
    .selectFrom("product_images")
    .select((eb) => eb.fn.max("position").as("last"))
    .where("product_id", "=", offerId)
    .executeTakeFirstOrThrow();
  await db
    .insertInto("product_images")
    .values({ product_id: offerId, file_id: fileId, position: Number(last ?? -1) + 1 })
    .execute();
}

export async function offerImages(offerId: number) {
  return db
    .selectFrom("product_images")
    .innerJoin("files", "files.id", "product_images.file_id")
    .select(["files.id", "files.token", "files.original_name", "files.width", "files.height"])
    .where("product_images.product_id", "=", offerId)
    .orderBy("product_images.position")
    .execute();
}

/** One image of the offer, or null. */
export async function offerImage(offerId: number, fileId: number) {
  return (await offerImages(offerId)).find((image) => image.id === fileId) ?? null;
}

/** Removes one of the owner's offer images; false when it is not one of theirs. */
export async function removeOfferImage(ownerId: number, offerId: number, fileId: number) {
  const image = await db
    .selectFrom("product_images")
    .innerJoin("products", "products.id", "product_images.product_id")
    .select("product_images.file_id")
    .where("products.owner_id", "=", ownerId)
    .where("products.id", "=", offerId)
    .where("product_images.file_id", "=", fileId)
    .executeTakeFirst();
  if (!image) return false;
  await deleteFile(fileId);
  return true;
}

export async function deleteOffer(ownerId: number, offerId: number) {
  const images = await offerImages(offerId);
  const result = await db.deleteFrom("products").where("id", "=", offerId).where("owner_id", "=", ownerId).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return false;
  for (const image of images) await deleteFile(image.id);
  return true;
}

/** One column of the offer's first image (its cover). */
function coverImage<Column extends "token" | "width" | "height">(eb: ExpressionBuilder<DB, "products">, column: Column) {
  return eb
    .selectFrom("product_images")
    .innerJoin("files", "files.id", "product_images.file_id")
    .select(`files.${column}` as `files.${Column}`)
    .whereRef("product_images.product_id", "=", "products.id")
    .orderBy("product_images.position")
    .orderBy("files.id")
    .limit(1);
}

function offersFor(viewerId: number) {
  return db
    .selectFrom("products")
    .innerJoin("users as owner", "owner.id", "products.owner_id")
    .leftJoin("events", "events.id", "products.event_id")
    .leftJoin("product_statuses as mine", (join) => join.onRef("mine.product_id", "=", "products.id").on("mine.member_id", "=", viewerId))
    .selectAll("products")
    .select(["owner.name as owner_name", "events.title as event_title", "mine.interested as my_interested"])
    .select((eb) => [
      eb
        .selectFrom("product_statuses")
        .select((inner) => inner.fn.countAll<number>().as("count"))
        .whereRef("product_statuses.product_id", "=", "products.id")
        .where("product_statuses.interested", "=", 1)
        .as("interested_count"),
      coverImage(eb, "token").as("cover_token"),
      coverImage(eb, "width").as("cover_width"),
      coverImage(eb, "height").as("cover_height"),
    ]);
}

type OfferRow = Awaited<ReturnType<ReturnType<typeof offersFor>["executeTakeFirstOrThrow"]>>;

function present(row: OfferRow, viewerId: number) {
  const { my_interested, interested_count, cover_token, cover_width, cover_height, public_token, ...offer } = row;
  const isOwner = offer.owner_id === viewerId;
  return {
    ...offer,
    // The public address is the owner's to share; nobody else is shown it.
    publicPath: isOwner ? publicOfferPath(public_token) : null,
    coverUrl: cover_token ? fileUrl(cover_token) : null,
    // Cards show the light rendition (at most 640 px wide), with its size for the layout.
    coverImage: cover_token ? { url: fileUrl(cover_token, "medium"), ...mediumSize(cover_width, cover_height) } : null,
    interested: my_interested === 1,
    answered: my_interested !== null,
    interestedCount: Number(interested_count ?? 0),
    isOwner,
  };
}

export type OfferView = ReturnType<typeof present>;

/** An offer as a member sees it (every member sees every offer), or null. */
export async function getOffer(offerId: number, viewerId: number) {
  if (!Number.isSafeInteger(offerId) || offerId < 1) return null;
  const row = await offersFor(viewerId).where("products.id", "=", offerId).executeTakeFirst();
  return row ? present(row, viewerId) : null;
}

/** The offer if this member owns it (another member's is null, as if there were none). */
export async function getOwnOffer(ownerId: number, offerId: number) {
  const offer = await getOffer(offerId, ownerId);
  return offer?.isOwner ? offer : null;
}

/** SPEC.md §2: offers, searched by event; newest first. */
export async function listOffers(viewerId: number, { eventId, page }: { eventId: number | null; page: number }) {
  let query = offersFor(viewerId);
  if (eventId) query = query.where("products.event_id", "=", eventId);
  const { total } = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const window = pageWindow(total, page, PAGE_SIZE);
  const rows = await query.orderBy("products.created_at", "desc").orderBy("products.id", "desc").limit(PAGE_SIZE).offset(window.offset).execute();
  return { offers: rows.map((row) => present(row, viewerId)), total: window.total, page: window.page, pages: window.pages };
}

/** Events that have offers, for the search by event (and the one chosen, if it has none). */
export async function eventsWithOffers() {
  const rows = await db
    .selectFrom("events")
    .select(["events.id", "events.title", "events.starts_at"])
    .where("events.id", "in", db.selectFrom("products").select("event_id").where("event_id", "is not", null).$narrowType<{ event_id: number }>())
    .orderBy(sql`coalesce(events.starts_at_utc, events.starts_at)`, "desc")
    .execute();
  return rows.map((row) => ({ value: String(row.id), label: `${row.title} · ${formatDate(row.starts_at.slice(0, 10))}` }));
}

export async function setOfferStatus(memberId: number, offerId: number, type: OfferStatusType) {
  const interested = type === "Interested" ? 1 : 0;
  const now = nowIso();
  await db
    .insertInto("product_statuses")
    .values({ product_id: offerId, member_id: memberId, interested, updated_at: now })
    .onConflict((conflict) => conflict.columns(["product_id", "member_id"]).doUpdateSet({ interested, updated_at: now }))
    .execute();
}

/** The public view (SPEC.md /non-user-product): by the unguessable token only. Only what a
 * visitor may see: the offer, its images (public addresses) and the owner's name. */
export async function findPublicOffer(publicToken: string) {
  if (!publicToken || publicToken.length > 100) return null;
  const offer = await db
    .selectFrom("products")
    .innerJoin("users as owner", "owner.id", "products.owner_id")
    .select(["products.id", "products.title", "products.description", "products.price_cents", "products.currency", "owner.name as owner_name"])
    .where("products.public_token", "=", publicToken)
    .where("owner.disabled_at", "is", null)
    .executeTakeFirst();
  if (!offer) return null;
  const images = await offerImages(offer.id);
  const { id, ...shown } = offer;
  return {
    id,
    offer: {
      ...shown,
      images: images.map((image) => ({
        url: publicImageUrl(image.token),
        thumbnailUrl: publicImageUrl(image.token, "thumbnail"),
        medium: { url: publicImageUrl(image.token, "medium"), ...mediumSize(image.width, image.height) },
      })),
    },
  };
}

/** A file a visitor may read: an image attached to an offer, and nothing else. */
export async function publicOfferImage(token: string) {
  return db
    .selectFrom("files")
    .innerJoin("product_images", "product_images.file_id", "files.id")
    .innerJoin("products", "products.id", "product_images.product_id")
    .innerJoin("users", "users.id", "products.owner_id")
    .selectAll("files")
    .where("files.token", "=", token)
    .where("files.media_type", "like", "image/%")
    .where("users.disabled_at", "is", null)
    .executeTakeFirst();
}
