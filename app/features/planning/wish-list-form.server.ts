import { constraintOf } from "~/lib/constraint.server";
import { env } from "~/lib/env.server";
import { acceptAttribute } from "~/lib/file-types";
import { uploadLimit } from "~/lib/uploads.server";
import { WishListSchema } from "./wish-list-schema";

/** What the add and edit dialogs need besides the item. */
export function wishListFormData() {
  return {
    constraint: constraintOf(WishListSchema),
    currency: env().PAYMENT_CURRENCY,
    imageAccept: acceptAttribute("wish_list_image"),
    imageMaxBytes: uploadLimit("wish_list_image", "image"),
  };
}
