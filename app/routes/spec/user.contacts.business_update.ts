import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { action as saveBusiness } from "~/routes/contacts/user.contacts.view-business.$contactId";
import { redirectToContactDialog } from "./contact-dialogs.server";
import { formParam } from "./forward.server";

/** A GET (?contact_id=) is sent to the business dialog. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToContactDialog(request, (id) => `/user/contacts/view-business/${id}`);
}

/** SPEC.md §7 POST /user/contacts/business_update (contact_id and the business fields) →
 * type, message: the business dialog's own action. */
export async function action(args: ActionFunctionArgs) {
  return saveBusiness({ ...args, params: { contactId: await formParam(args.request, "contact_id") } });
}
