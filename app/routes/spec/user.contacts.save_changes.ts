import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireMember } from "~/lib/session.server";
import { action as addContact } from "~/routes/contacts/user.contacts.add";
import { action as editContact } from "~/routes/contacts/user.contacts.edit.$contactId";
import { contactIdOfForm } from "./contact-dialogs.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts/add");
}

/** SPEC.md §7 POST /user/contacts/save_changes (the contact form's fields; contact_id when
 * editing) → url, type, message: the add and edit dialogs' own actions. */
export async function action(args: ActionFunctionArgs) {
  const contactId = await contactIdOfForm(args.request);
  return contactId ? editContact({ ...args, params: { contactId } }) : addContact(args);
}
