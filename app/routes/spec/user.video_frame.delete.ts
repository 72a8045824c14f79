import type { ActionFunctionArgs } from "@remix-run/node";
import { action as deleteVideo } from "~/routes/contacts/user.contacts.$contactId.videos.$videoId.delete";
import { formParam } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7 video_frame/delete (video_id, contact_id) → type, message: the confirmation
 * dialog's action. */
export async function action(args: ActionFunctionArgs) {
  const [contactId, videoId] = [await formParam(args.request, "contact_id"), await formParam(args.request, "video_id")];
  return deleteVideo({ ...args, params: { contactId, videoId } });
}
