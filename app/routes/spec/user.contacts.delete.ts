import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteContact } from "~/features/contacts/contacts.server";
import { redirectToContactDialog, requireContactFrom } from "~/features/contacts/spec-aliases.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

/** A GET (?contact_id=) is sent to the confirmation dialog. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirectToContactDialog(request, (id) => `/user/contacts/${id}/delete`);
}

/** SPEC.md §7 DELETE /user/contacts/delete {contact_id} → type, message (a POST does the same:
 * forms cannot send DELETE). Deletes the contact and everything it owned. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const contact = await requireContactFrom(member, await request.formData());
  await deleteContact(member.id, contact.id);
  return respond(request, { type: "success", message: `${contact.name} is deleted.` }, { to: "/user/contacts" });
}
