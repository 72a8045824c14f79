import type { ActionFunctionArgs } from "@remix-run/node";
import { action as deleteVideo } from "~/routes/contacts/user.contacts.$contactId.videos.$videoId.delete";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7 video_frame/delete (video_id, contact_id) → type, message: the confirmation
 * dialog's action. */
export async function action(args: ActionFunctionArgs) {
  const form = await args.request.clone().formData();
  const field = (name: string) => String(form.get(name) ?? "");
  return deleteVideo({ ...args, params: { contactId: field("contact_id"), videoId: field("video_id") } });
}
