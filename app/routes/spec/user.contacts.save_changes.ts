import type { ActionFunctionArgs } from "@remix-run/node";
import { action as addContact } from "~/routes/contacts/user.contacts.add";
import { action as editContact } from "~/routes/contacts/user.contacts.edit.$contactId";
import { formParam } from "./forward.server";
import { sendTo } from "./opened-as-page.server";

export const loader = sendTo("/user/contacts/add");

/** SPEC.md §7 POST /user/contacts/save_changes (the contact form's fields; contact_id when
 * editing) → url, type, message: the add and edit dialogs' own actions. */
export async function action(args: ActionFunctionArgs) {
  const contactId = await formParam(args.request, "contact_id");
  return contactId ? editContact({ ...args, params: { contactId } }) : addContact(args);
}
