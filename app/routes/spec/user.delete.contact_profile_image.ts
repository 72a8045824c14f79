import type { ActionFunctionArgs } from "@remix-run/node";
import { action as deleteContactPhoto } from "~/routes/contacts/user.contacts.$contactId.delete-profile-image";
import { formParam } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7 delete/contact_profile_image (contact_id) → type, message: the confirmation
 * dialog's action. 404 when the contact is not the member's or has no image. */
export async function action(args: ActionFunctionArgs) {
  return deleteContactPhoto({ ...args, params: { contactId: await formParam(args.request, "contact_id") } });
}
