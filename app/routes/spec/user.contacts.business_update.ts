import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { saveBusiness } from "~/features/contacts/save-contact.server";
import { redirectToContactDialog, requireContactFrom } from "~/features/contacts/spec-aliases.server";
import { requireMember } from "~/lib/session.server";

/** A GET (?contact_id=) is sent to the business dialog. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToContactDialog(request, (id) => `/user/contacts/view-business/${id}`);
}

/** SPEC.md §7 POST /user/contacts/business_update (contact_id and the business fields) →
 * type, message: the business dialog's own action. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireContactFrom(member, await request.clone().formData());
  return saveBusiness(request, member, contact);
}
