import { parseWithZod } from "~/lib/parse-form.server";
import { createWishListItem, updateWishListItem } from "~/features/planning/wish-list.server";
import { WishListSchema } from "~/features/planning/wish-list-schema";
import { deleteFile } from "~/lib/files.server";
import { formFailure, notFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import type { Member } from "~/lib/session.server";
import { receiveFormWithFile } from "~/lib/uploads.server";

/** The wish list page an item is seen on: its year, with the list's filter kept when the item
 * still matches it. */
export function wishListAddress(request: Request, item: { target_year: number; type: string; status: string }) {
  const from = new URL(request.url).searchParams;
  const to = new URLSearchParams({ year: String(item.target_year) });
  if (from.get("type") === item.type) to.set("type", item.type);
  if (from.get("status") === item.status) to.set("status", item.status);
  return `/user/wish-list?${to}`;
}

/** The add and edit dialogs' action: validate, save (with the image chosen, if any) and go to
 * the item's year. */
export async function saveWishListItem(request: Request, member: Member, existingId: number | null) {
  const { fields, file, error: imageError } = await receiveFormWithFile(request, { kind: "wish_list_image", ownerId: member.id, field: "image" });
  const imageId = file?.id ?? null;
  const submission = parseWithZod(fields, { schema: WishListSchema });
  if (submission.status !== "success" || imageError) {
    if (imageId) await deleteFile(imageId);
    return formFailure(submission.reply(imageError ? { fieldErrors: { image: [imageError] } } : undefined));
  }
  const item = submission.value;
  if (existingId === null) {
    await createWishListItem(member.id, item, imageId);
  } else if (!(await updateWishListItem(member.id, existingId, item, imageId))) {
    if (imageId) await deleteFile(imageId);
    notFound();
  }
  return respond(
    request,
    { type: "success", message: existingId === null ? `“${item.title}” added to your wish list.` : `“${item.title}” saved.` },
    { to: wishListAddress(request, { target_year: item.target_year, type: item.type, status: item.status }) },
  );
}
