import type { ActionFunctionArgs } from "@remix-run/node";
import { duplicateMessage, parseContactId } from "~/features/contacts/contacts.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §5/§7: "" when the e-mail is free (or blank), otherwise the error text to show. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim().toLowerCase();
  const message = email ? await duplicateMessage(member.id, "email", email, parseContactId(String(form.get("contact_id") ?? ""))) : "";
  return new Response(message, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
