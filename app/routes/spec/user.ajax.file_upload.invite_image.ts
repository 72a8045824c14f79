import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7: POST /user/ajax/file_upload/invite_image?contact_id= (file) → file.thumbnailUrl:
 * the invite dialog's image. */
export { invitationImageAction as action } from "~/routes/contacts/invitation-calls.server";
