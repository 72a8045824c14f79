import { redirect } from "@remix-run/node";
import { getContact } from "~/features/contacts/contacts.server";
import { requireFound } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7 names some contact dialogs by the old client's addresses, with the contact in the
 * query string (?contact_id=): checks the contact (another member's, or none, is 404) and sends
 * the browser to the dialog's own address, built from the contact's id. */
export async function redirectToContactDialog(request: Request, path: (contactId: number) => string) {
  const member = await requireMember(request);
  const contact = await requireFound(new URL(request.url).searchParams.get("contact_id"), (id) => getContact(member.id, id));
  return redirect(path(contact.id));
}
