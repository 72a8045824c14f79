import { constraintOf } from "~/lib/constraint.server";
import { acceptAttribute } from "~/lib/file-types";
import { uploadLimit } from "~/lib/uploads.server";
import { WishListSchema } from "./wish-list-schema";
import { clubCurrency } from "~/lib/club.server";

/** What the add and edit dialogs need besides the item. */
export async function wishListFormData() {
  return {
    constraint: constraintOf(WishListSchema),
    currency: await clubCurrency(),
    imageAccept: acceptAttribute("wish_list_image"),
    imageMaxBytes: uploadLimit("wish_list_image", "image"),
  };
}
