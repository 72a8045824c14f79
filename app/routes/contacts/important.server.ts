import type { ActionFunctionArgs } from "@remix-run/node";
import { getContact, setImportant } from "~/features/contacts/contacts.server";
import { ImportantSchema } from "~/features/contacts/schema";
import { badRequest, notFound, requireFound } from "~/lib/http.server";
import { respond } from "~/lib/respond.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §7: POST contact_id, is_important (1 or 0) → type, message. */
export async function importantAction({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  // The list's checkbox sends 1 and then a hidden 0 when ticked: the first one counts.
  const parsed = ImportantSchema.safeParse({ is_important: form.get("is_important") });
  if (!parsed.success) badRequest("is_important must be 1 or 0");
  const important = parsed.data.is_important === "1";
  const contact = await requireFound(form.get("contact_id"), (id) => getContact(member.id, id));
  if (!(await setImportant(member.id, contact.id, important))) notFound();
  return respond(request, {
    type: "success",
    message: important ? `${contact.name} is marked important.` : `${contact.name} is no longer marked important.`,
  });
}
