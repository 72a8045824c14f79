import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { action as deleteContact } from "~/routes/contacts/user.contacts.$contactId.delete";
import { redirectToContactDialog } from "./contact-dialogs.server";
import { formParam } from "./forward.server";

/** A GET (?contact_id=) is sent to the confirmation dialog. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToContactDialog(request, (id) => `/user/contacts/${id}/delete`);
}

/** SPEC.md §7 DELETE /user/contacts/delete {contact_id} → type, message (a POST does the same:
 * forms cannot send DELETE): the confirmation dialog's action. */
export async function action(args: ActionFunctionArgs) {
  return deleteContact({ ...args, params: { contactId: await formParam(args.request, "contact_id") } });
}
