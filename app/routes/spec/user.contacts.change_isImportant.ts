import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts");

/** SPEC.md §7 POST /user/contacts/change_isImportant {contact_id, is_important}; the contact list's Important toggle posts here too. */
export { importantAction as action } from "~/routes/contacts/important.server";
