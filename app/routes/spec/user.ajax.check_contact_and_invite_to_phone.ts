import type { ActionFunctionArgs } from "@remix-run/node";
import { duplicateMessage, normalizePhone } from "~/features/contacts/contacts.server";
import { parseId } from "~/lib/http.server";
import { requireMember } from "~/lib/session.server";

/** SPEC.md §5/§7: "" when the phone number is free (or blank), otherwise the error text. */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await request.formData();
  const raw = String(form.get("phone") ?? "").trim();
  let message = "";
  if (raw) {
    const phone = normalizePhone(raw, String(form.get("country") ?? "") || null);
    message = phone
      ? await duplicateMessage(member.id, "phone", phone, parseId(form.get("contact_id")))
      : "Please provide a valid phone number.";
  }
  return new Response(message, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}
