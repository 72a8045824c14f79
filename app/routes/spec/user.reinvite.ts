import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7: POST /user/reinvite {contact_id}: the contact's Re-invite button. */
export { reinviteAction as action } from "~/routes/contacts/invitation-calls.server";
