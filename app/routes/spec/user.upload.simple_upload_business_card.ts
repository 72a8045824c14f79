import type { ActionFunctionArgs } from "@remix-run/node";
import { uploadBusinessCard } from "~/routes/contacts/contact-uploads.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7: multipart contact_id, file, scaled[x, y, width, height] → type, file.thumbnailUrl. */
export async function action({ request }: ActionFunctionArgs) {
  return uploadBusinessCard(request, null);
}
