import { redirect } from "@remix-run/node";
import { type Member, requireMember } from "~/lib/session.server";
import { getContact, parseContactId } from "./contacts.server";

// SPEC.md §7 names some contact calls by the old client's addresses, with the contact in the
// query string or the form (contact_id) rather than in the path. These helpers let the thin
// alias routes answer them with the same feature code and the same rule: another member's
// contact (or none) is a 404.

/** The member's contact named by `contact_id` in the query string or form; 404 else. */
export async function requireContactFrom(member: Member, values: URLSearchParams | FormData) {
  const id = parseContactId(String(values.get("contact_id") ?? ""));
  const contact = id ? await getContact(member.id, id) : null;
  if (!contact) throw new Response("Not found", { status: 404 });
  return contact;
}

/** A GET alias of a dialog: checks the contact (?contact_id=) and sends the browser to the
 * dialog's own address, built from the contact's id. */
export async function redirectToContactDialog(request: Request, path: (contactId: number) => string) {
  const member = await requireMember(request);
  const contact = await requireContactFrom(member, new URL(request.url).searchParams);
  return redirect(path(contact.id));
}
