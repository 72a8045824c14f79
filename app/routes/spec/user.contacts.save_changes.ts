import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { saveContact } from "~/features/contacts/save-contact.server";
import { requireContactFrom } from "~/features/contacts/spec-aliases.server";
import { requireMember } from "~/lib/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireMember(request);
  return redirect("/user/contacts/add");
}

/** SPEC.md §7 POST /user/contacts/save_changes (the contact form's fields; contact_id when
 * editing) → url, type, message: the add and edit dialogs' own action. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.clone().formData();
  if (!form.get("contact_id")) return saveContact(request, member, null);
  const contact = await requireContactFrom(member, form);
  return saveContact(request, member, contact.id);
}
