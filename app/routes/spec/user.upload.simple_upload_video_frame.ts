import type { ActionFunctionArgs } from "@remix-run/node";
import { uploadContactFile } from "~/routes/contacts/contact-uploads.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7: multipart contact_id, file (the video dialog's own action does the same). */
export async function action({ request }: ActionFunctionArgs) {
  return uploadContactFile(request, null, "video");
}
