import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireOwnContact } from "~/features/contacts/contacts.server";

/** SPEC.md §7 GET /user/contacts/view/{contact_id} (the contact view): the contact's profile
 * page shows it all. 404 for another member's contact. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { contact } = await requireOwnContact(request, params.contactId);
  return redirect(`/user/profile?cicid=${contact.id}`);
}
