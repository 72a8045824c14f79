import { memberPhotos } from "~/features/members/photos.server";
import { db } from "~/lib/db.server";
import { placeLabel } from "~/lib/places.server";

/** A member's public face for their profile page (any signed-in member may open it; a
 * disabled account is not found). */
export async function memberProfile(id: number) {
  const row = await db
    .selectFrom("users")
    .select(["id", "name", "member_type", "occupation", "business", "industry", "country", "province", "city", "looking_for"])
    .where("id", "=", id)
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  if (!row) return null;
  return { ...row, place: placeLabel(row), photos: await memberPhotos(row.id) };
}
